import type { Context } from "../context";
import type { RestHandler } from "../rest/handler";
import { problem } from "../rest/problems";
import { BodyError, readBody } from "./request-body";
import { sendRest, type Exchange } from "./http-handler";

/**
 * The REST layer (src/rest/) on the HTTP server: the body read as bytes up to MAX_BODY_BYTES, the
 * framework-neutral handler asked for the answer, the answer sent. Resolves false when the
 * handler does not answer the path (the HTTP layer then answers 404).
 */
export function restRoute(handler: RestHandler, options: { maxBodyBytes: number; context: (x: Exchange) => Promise<Context> }) {
  return async (x: Exchange): Promise<boolean> => {
    let body: Buffer | undefined;
    try {
      body = await readBody(x.req, options.maxBodyBytes);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      // the client went away: nobody to answer (the request's log line says "aborted")
      if (error.type === "request.aborted") {
        x.refuse(error.type, "CLIENT_CLOSED_REQUEST");
        return true;
      }
      // a body the reader refuses (too large, bad encoding, cut short) answered as the REST layer answers errors
      sendRest(
        x,
        error.type === "entity.too.large"
          ? problem(413, "PAYLOAD_TOO_LARGE", "The request body is larger than the server accepts (MAX_BODY_BYTES).", { refused: true })
          : problem(400, "BAD_REQUEST", "The request body could not be read; send UTF-8 JSON.", { refused: true }),
      );
      return true;
    }
    const answer = await handler.handle({ method: x.req.method!, url: x.req.url!, headers: x.req.headers, body }, () => options.context(x));
    if (!answer) return false;
    sendRest(x, answer);
    return true;
  };
}
