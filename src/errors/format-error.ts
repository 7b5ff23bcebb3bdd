import type { GraphQLFormattedError } from "graphql";
import { unwrapResolverError } from "@apollo/server/errors";
import { ErrorCode } from "./errors";
import { variableUsagePath, variableViolation } from "./variable-errors";

const KNOWN_CODES = new Set<string>([
  ...Object.values(ErrorCode),
  // Apollo's own codes for documents that do not parse or validate, and bad variables
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_REQUEST",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "OPERATION_RESOLUTION_FAILURE",
]);

/**
 * The one place errors are shaped for clients. Known errors keep their code and message;
 * anything else (a database failure, a bug) becomes a generic INTERNAL_SERVER_ERROR, so no
 * stack trace, SQL or file path ever leaves the server unless debugging was asked for.
 */
export function createFormatError(options: { debug: boolean; log?: (error: unknown) => void }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = formatted.extensions?.code as string | undefined;
    const original = unwrapResolverError(error);
    const at = { locations: formatted.locations, path: formatted.path };
    // graphql-js stops coercing variables after 50 errors with an error of its own (no code):
    // that is still the caller's bad input, never a server failure
    if (/^Too many errors processing variables/.test(formatted.message)) {
      return {
        message: "Too many invalid variables: only the first 50 are reported.",
        extensions: { code: ErrorCode.BAD_USER_INPUT, validationErrors: [], truncated: true },
      };
    }
    if (code === ErrorCode.BAD_USER_INPUT && !formatted.extensions?.validationErrors) {
      const violation = variableViolation(formatted.message);
      if (violation) {
        // name the field by the argument the variable is passed to (input.dateStart), not by the
        // variable's own name ($i): the same path a rule of that argument reports
        const usage = variableUsagePath(error, violation.field.split(".")[0]);
        if (usage) violation.field = [usage, ...violation.field.split(".").slice(1)].join(".");
        return {
          message: `Invalid value for ${violation.field}: ${Object.values(violation.constraints)[0]}`,
          ...at,
          extensions: { code, validationErrors: [violation] },
        };
      }
    }
    if (code && KNOWN_CODES.has(code) && code !== ErrorCode.INTERNAL_SERVER_ERROR) {
      const { stacktrace, ...extensions } = formatted.extensions ?? {};
      return {
        message: formatted.message,
        ...at,
        extensions: options.debug ? { ...extensions, stacktrace } : extensions,
      };
    }
    options.log?.(original);
    return {
      message: "Internal server error.",
      ...at,
      extensions: {
        code: ErrorCode.INTERNAL_SERVER_ERROR,
        ...(options.debug && original instanceof Error ? { debugMessage: original.message, stacktrace: original.stack?.split("\n") } : {}),
      },
    };
  };
}
