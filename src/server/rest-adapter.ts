import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import type { Context } from "../context";
import type { Metrics } from "../observability/metrics";
import type { RestHandler } from "../rest/handler";
import { PAYLOAD_TOO_LARGE, problem, type RestResponse } from "../rest/problems";

/**
 * The REST layer (src/rest/) in this Express app: the body read as bytes up to MAX_BODY_BYTES,
 * the framework-neutral handler asked for the answer, the answer sent. Requests the handler does
 * not answer go on to the next route.
 */
export function restMiddleware(handler: RestHandler, options: { maxBodyBytes: number; metrics: Metrics; context: (res: Response) => Promise<Context> }): Array<RequestHandler | ErrorRequestHandler> {
  const send = (res: Response, answer: RestResponse) => {
    if (answer.refusal) {
      res.locals.errorCode = answer.refusal;
      options.metrics.observeRefusal(answer.refusal);
    }
    res.status(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.send(answer.body);
  };
  const answer: RequestHandler = (req, res, next) => {
    const body = Buffer.isBuffer(req.body) ? req.body : undefined;
    handler
      .handle({ method: req.method, url: req.originalUrl, headers: req.headers, body }, () => options.context(res))
      .then((response) => (response ? send(res, response) : next()), next);
  };
  // a body the reader refuses (too large, bad encoding, cut short) answered as the REST layer answers errors
  const refused: ErrorRequestHandler = (error: { type?: string }, _req, res, next) => {
    if (error.type === "request.aborted" || res.headersSent) return next(error);
    if (error.type === "entity.too.large") return send(res, PAYLOAD_TOO_LARGE());
    if (!error.type) return next(error);
    send(res, problem(400, "BAD_REQUEST", "The request body could not be read; send UTF-8 JSON.", { refused: true }));
  };
  return [express.raw({ type: () => true, limit: options.maxBodyBytes }), answer, refused];
}
