import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

const UNSUPPORTED = "The request body's encoding or charset is not supported; send UTF-8 JSON.";

/**
 * Why a body was not read, with the refusal's status, code and message; the key is the refusal's
 * reason in the http_requests_refused_total metric (the names body-parser gave them, so the
 * metric's series stay the same).
 */
export const BODY_REFUSALS = {
  "entity.parse.failed": [400, "BAD_REQUEST", "The request body is not valid JSON."],
  "entity.too.large": [413, "PAYLOAD_TOO_LARGE", "The request body is larger than the server accepts (MAX_BODY_BYTES)."],
  "encoding.unsupported": [415, "UNSUPPORTED_MEDIA_TYPE", UNSUPPORTED],
  "charset.unsupported": [415, "UNSUPPORTED_MEDIA_TYPE", UNSUPPORTED],
  "request.size.invalid": [400, "BAD_REQUEST", "The request body's length does not match its Content-Length."],
  "request.aborted": [499, "CLIENT_CLOSED_REQUEST", "The client closed the request."],
  "stream.invalid": [400, "BAD_REQUEST", "The request could not be read."],
} satisfies Record<string, [number, string, string]>;

export class BodyError extends Error {
  constructor(readonly type: keyof typeof BODY_REFUSALS) {
    super(type);
  }
}

const INFLATE: Record<string, () => NodeJS.ReadWriteStream> = {
  gzip: createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * The request's body, at most `limit` bytes (after inflating a gzip, deflate or br
 * Content-Encoding); undefined when the request has none. Rejects with a BodyError: over the
 * limit (a Content-Length over it before anything is read), another Content-Encoding, fewer or
 * more bytes than Content-Length says, data that does not inflate, or the client hanging up
 * midway. A refused body is still read to its end (and dropped) before the promise settles, so
 * that the client, still sending, gets the answer rather than a broken connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = req.headers["content-length"];
  if (declared === undefined && req.headers["transfer-encoding"] === undefined) return Promise.resolve(undefined);
  const length = declared === undefined ? undefined : Number(declared);
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  return new Promise((resolve, reject) => {
    const refuse = (type: BodyError["type"]) => {
      req.unpipe();
      if (req.complete) return reject(new BodyError(type));
      req.on("end", () => reject(new BodyError(type)));
      req.on("close", () => reject(new BodyError(type)));
      req.resume();
    };
    let stream: Readable = req;
    if (encoding !== "identity") {
      const inflate = INFLATE[encoding];
      if (!inflate) return refuse("encoding.unsupported");
      stream = req.pipe(inflate()) as unknown as Readable;
      stream.on("error", () => refuse("stream.invalid"));
    } else if (length !== undefined && length > limit) {
      return refuse("entity.too.large");
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    stream.on("data", (chunk: Buffer) => {
      if (done) return;
      received += chunk.length;
      if (received > limit) {
        done = true;
        stream.removeAllListeners("data");
        return refuse("entity.too.large");
      }
      chunks.push(chunk);
    });
    stream.on("end", () => {
      if (done) return;
      done = true;
      if (encoding === "identity" && length !== undefined && received !== length) return reject(new BodyError("request.size.invalid"));
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, received));
    });
    req.on("close", () => {
      if (done || req.complete) return;
      done = true;
      reject(new BodyError("request.aborted"));
    });
  });
}

/**
 * A GraphQL request's JSON body (RFC 8259: UTF-8), as the request sent it: an object, or an
 * array for a batch; undefined when it is not sent as application/json (Apollo Server then
 * answers why). A charset other than UTF-8 is refused, and so is a body that is not a JSON object
 * or array.
 */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const type = req.headers["content-type"];
  if (type === undefined) return undefined;
  const semicolon = type.indexOf(";");
  if ((semicolon < 0 ? type : type.slice(0, semicolon)).trim().toLowerCase() !== "application/json") return undefined;
  if (semicolon >= 0) {
    const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(type)?.[1]?.toLowerCase();
    if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
      req.resume();
      throw new BodyError("charset.unsupported");
    }
  }
  const body = await readBody(req, limit);
  if (body === undefined || body.length === 0) return {};
  let text = body.toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // as JSON clients send it: an object, or an array (a batch); a bare value is malformed here
  const first = /\S/.exec(text)?.[0];
  if (first !== "{" && first !== "[") throw new BodyError("entity.parse.failed");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError("entity.parse.failed");
  }
}

/** A JSON object: not null, not an array (what a request's body, variables and extensions must be). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
