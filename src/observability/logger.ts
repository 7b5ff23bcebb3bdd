import pino, { type Logger } from "pino";

export type { Logger };

/**
 * The server's structured log: one JSON object per line on stdout (pino), so a log shipper can
 * index request ids, operation names, durations, caller ids and error codes. Request bodies,
 * variables and Authorization headers are never logged; `redact` is a second guard should a
 * header object ever be passed in.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ["headers.authorization", "req.headers.authorization", "authorization", "token"], censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

/** A logger that writes nothing (tests that do not look at logs). */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}

/** An error as one log field: its class and first message line, never a stack or a raw body. */
export function errorSummary(error: unknown): { type: string; message: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).split("\n")[0].slice(0, 300) };
  return { type: error.name, message: error.message.split("\n")[0].slice(0, 300) };
}
