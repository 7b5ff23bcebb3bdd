import { writeSync } from "node:fs";
import pino, { type Logger } from "pino";

export type { Logger };

/**
 * The server's structured log: one JSON object per line on stdout (pino), so a log shipper can
 * index request ids, operation names, durations, caller ids and error codes. Request bodies,
 * variables and Authorization headers are never logged; `redact` is a second guard should a
 * header object ever be passed in.
 */
export function createLogger(
  level: string,
  destination?: pino.DestinationStream,
  fields?: (line: object) => Record<string, string>,
): Logger {
  return pino(
    {
      level,
      // with tracing on, the trace and span ids of the request a line is written in (or about)
      ...(fields ? { mixin: fields } : {}),
      base: undefined,
      redact: { paths: ["headers.authorization", "req.headers.authorization", "authorization", "token"], censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
      // `err` is how every error reaches the log: by errorForLog's allowlist, not pino's default
      // (which copies every enumerable property, a raw request body included)
      serializers: { err: errorForLog },
    },
    destination ?? (stdout ??= stdoutInBlocks()),
  );
}

/** Characters of log lines gathered before they go to stdout in one write. */
const BLOCK = 32 * 1024;

/** The process's stdout for logs, shared by its loggers (made on first use). */
let stdout: pino.DestinationStream | undefined;

/**
 * stdout for the log, written asynchronously and in blocks of BLOCK characters or what 100 ms
 * gathered, whichever comes first. Lines are gathered here, in an array joined once per block, and
 * handed to pino's own asynchronous destination (sonic-boom: partial writes, EAGAIN, the flush at
 * exit) a block at a time: sonic-boom's own buffering measures its pending text at every line
 * (`Buffer.byteLength` flattens the growing string each time), and each write it issues is a
 * thread-pool round trip that wakes the reader. Profiled on `{ __typename }` at 16 connections
 * with blocks of 4 KiB: about 18 lines per write, and the writes took 10-20% of the server's
 * wall-clock samples on a 2-core machine. At most 16 MiB wait for the reader: past that, lines are
 * dropped rather than the memory taken; what is gathered is written synchronously when the
 * process exits.
 */
function stdoutInBlocks(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, maxLength: 16 * 1024 * 1024 });
  let lines: string[] = [];
  let length = 0;
  const flush = () => {
    if (length === 0) return;
    destination.write(lines.join(""));
    lines = [];
    length = 0;
  };
  setInterval(flush, 100).unref();
  process.once("exit", () => {
    // no event loop left: what sonic-boom holds, then the lines gathered here, written synchronously
    const text = lines.join("");
    try {
      destination.flushSync();
      const bytes = Buffer.from(text);
      for (let written = 0; written < bytes.length;) written += writeSync(1, bytes, written);
    } catch {
      // stdout is gone or will not take more: nothing else to do on the way out
    }
  });
  return {
    write(line: string) {
      lines.push(line);
      length += line.length;
      if (length >= BLOCK) flush();
    },
  };
}

/** An error as the log shows it (the `err` field of a line). */
export interface LoggedError {
  /** the class (PrismaClientKnownRequestError, TypeError, ...) */
  type: string;
  /** the driver's or library's code (P2002, SQLITE_BUSY, 23505, ECONNREFUSED), when it has one */
  code?: string;
  message: string;
  stack?: string;
  /** what caused it (an Error's `cause`; for Prisma, the driver adapter's error) */
  cause?: LoggedError;
}

const MAX_MESSAGE = 2_000;
const MAX_STACK_LINES = 25;

/**
 * An error for the server's log: its class, code, whole message and stack, and its cause (to a
 * depth of three), so an unexpected failure can be diagnosed from the log alone. Only these
 * fields: never other properties of the error object, which may carry a request body or bound
 * values. Clients never see any of it (src/errors/format-error.ts answers a generic message).
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    if (error && typeof error === "object") {
      // a driver error's plain cause object ({ kind, originalCode, originalMessage })
      const o = error as Record<string, unknown>;
      const code = o.originalCode ?? o.code ?? o.kind;
      const message = o.originalMessage ?? o.message ?? o.kind;
      return {
        type: typeof o.kind === "string" ? o.kind : "object",
        ...(code != null ? { code: String(code) } : {}),
        message: String(message ?? "").slice(0, MAX_MESSAGE),
      };
    }
    return { type: typeof error, message: String(error).slice(0, MAX_MESSAGE) };
  }
  const e = error as Error & { code?: unknown; meta?: { driverAdapterError?: unknown }; cause?: unknown; originalError?: unknown };
  // a GraphQLError wraps what was thrown in `originalError`; Prisma keeps the driver's error in
  // meta.driverAdapterError; a driver error its details in `cause`
  const cause = e.originalError ?? e.cause ?? e.meta?.driverAdapterError;
  return {
    type: error.constructor?.name && error.constructor.name !== "Object" ? error.constructor.name : error.name,
    ...(typeof e.code === "string" || typeof e.code === "number" ? { code: String(e.code) } : {}),
    message: error.message.trim().slice(0, MAX_MESSAGE),
    ...(error.stack ? { stack: error.stack.split("\n").slice(0, MAX_STACK_LINES).join("\n") } : {}),
    ...(cause !== undefined && cause !== null && depth < 3 ? { cause: errorForLog(cause, depth + 1) } : {}),
  };
}
