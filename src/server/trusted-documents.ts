import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { GraphQLRequest } from "@apollo/server";
import { GraphQLError, parse } from "graphql";
import { ConfigError } from "../config/config";
import type { Viewer } from "../auth/authenticate";
import { rules } from "../auth/rules";
import { ErrorCode } from "../errors/errors";
import { isRecord } from "./request-body";

/**
 * Trusted documents (persisted documents, an operation safelist): the API's own clients register
 * their documents at build time (GraphQL Code Generator's client preset writes the manifest, see
 * the README) and send a document's SHA-256 hash instead of its text; the server runs only what
 * it knows. The modes and codes follow Apollo Router's persisted queries, so clients written for
 * a Router see the same answers:
 * - `off`: any document, and Apollo's automatic persisted queries (APQ);
 * - `allow`: registered documents by id (`documentId`, or `extensions.persistedQuery.sha256Hash`)
 *   or by their exact text; other texts only for admins (the playground, an operator's script:
 *   the bypass Router's `skip_enforcement` and Hive's `allowArbitraryOperations` give), everyone
 *   else gets 403 QUERY_NOT_IN_SAFELIST;
 * - `require`: registered documents by id only; a text is refused at the door with 400
 *   PERSISTED_QUERY_ID_REQUIRED, before it is parsed.
 * An id the manifest does not hold is 404 PERSISTED_QUERY_NOT_IN_LIST (never APQ's
 * PERSISTED_QUERY_NOT_FOUND, which tells a client to send the text). The REST paths run stored
 * documents of the server's own (src/rest/documents/): those are trusted in every mode.
 */
export interface TrustedDocuments {
  mode: "allow" | "require";
  /** Registered documents by their SHA-256 hash (64 lower-case hex digits). */
  byHash: ReadonlyMap<string, string>;
  /** Texts that may run without the admin bypass: the manifest's and the server's own stored documents. */
  trusted: ReadonlySet<string>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * The trusted documents of a server in `mode`: the manifest's at `path`, plus `own` (the REST
 * layer's stored documents). The manifest is GraphQL Code Generator's `persisted-documents.json`
 * (an object from hash to document), or Apollo's persisted query manifest (`{ format:
 * "apollo-persisted-query-manifest", operations: [{ id, body }] }`). Keys may carry the
 * `sha256:` prefix of the GraphQL-over-HTTP persisted documents appendix. Every entry's key must
 * be the SHA-256 of its document and the document must parse: a wrong file stops the server at
 * start, naming the entry, instead of refusing clients later.
 */
export function trustedDocuments(mode: "allow" | "require", path: string, own: Iterable<string>): TrustedDocuments {
  const fail = (why: string) => new ConfigError(`TRUSTED_DOCUMENTS_MANIFEST (${path}): ${why}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw fail((error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "not a JSON file");
  }
  const entries: Array<[string, unknown]> =
    isRecord(raw) && raw.format === "apollo-persisted-query-manifest" && Array.isArray(raw.operations)
      ? raw.operations.map((o: unknown) => [String((o as { id?: unknown }).id), (o as { body?: unknown }).body])
      : isRecord(raw)
        ? Object.entries(raw)
        : [];
  if (entries.length === 0) throw fail("expected an object from SHA-256 hash to document, with at least one entry");
  const byHash = new Map<string, string>();
  for (const [key, document] of entries) {
    const hash = documentHash(key);
    if (!hash) throw fail(`the key "${key.slice(0, 80)}" is not a SHA-256 hash (64 hex digits)`);
    if (typeof document !== "string") throw fail(`the entry ${hash} is not a document's text`);
    if (sha256(document) !== hash) throw fail(`the entry ${hash} is not the SHA-256 hash of its document`);
    try {
      parse(document, { noLocation: true });
    } catch {
      throw fail(`the document of ${hash} does not parse`);
    }
    byHash.set(hash, document);
  }
  return { mode, byHash, trusted: new Set([...byHash.values(), ...own]) };
}

/** The hash an id names (`sha256:<hex>` or `<hex>`, any case), or undefined when it is no SHA-256 hash. */
function documentHash(id: string): string | undefined {
  const hex = id.replace(/^sha256:/i, "").toLowerCase();
  return SHA256_HEX.test(hex) ? hex : undefined;
}

const refused = (status: number, code: string, message: string) => ({ status, code, message });
type Refusal = ReturnType<typeof refused>;

/**
 * One operation of a request as the client sent it (a JSON body, or a GET's parameters): an id
 * is replaced by its registered text (and APQ's extension dropped, so Apollo's APQ cache never
 * sees it); in `require` mode a text without an id is refused. Answers the refusal, if any.
 */
export function resolveOperation(operation: Record<string, unknown>, docs: TrustedDocuments): Refusal | undefined {
  const extensions = isRecord(operation.extensions) ? operation.extensions : undefined;
  const persisted = isRecord(extensions?.persistedQuery) ? extensions.persistedQuery : undefined;
  const id = [operation.documentId, persisted?.sha256Hash].find((value): value is string => typeof value === "string");
  if (id === undefined) {
    if (docs.mode === "require" && typeof operation.query === "string") {
      return refused(
        400,
        ErrorCode.PERSISTED_QUERY_ID_REQUIRED,
        "This server runs registered documents only: send the document's id as documentId (or extensions.persistedQuery.sha256Hash), not its text.",
      );
    }
    return undefined; // a text in `allow` mode: the plugin decides once the caller is known
  }
  const hash = documentHash(id);
  const document = hash === undefined ? undefined : docs.byHash.get(hash);
  if (document === undefined) {
    // the id is the client's input: not echoed
    return refused(404, ErrorCode.PERSISTED_QUERY_NOT_IN_LIST, "The document id is not in this server's list of registered documents.");
  }
  if (typeof operation.query === "string" && operation.query !== document) {
    return refused(400, ErrorCode.CANNOT_SEND_PQ_ID_AND_BODY, "Send a document's id or its text, not an id with another text.");
  }
  operation.query = document;
  delete operation.documentId;
  if (persisted) {
    const { persistedQuery: _apq, ...rest } = extensions!;
    operation.extensions = rest;
  }
  return undefined;
}

export type TrustedDocumentsDoor = ReturnType<typeof trustedDocumentsDoor>;

/**
 * The door of /graphql, as the request listener calls it (before the cost guard, which then prices
 * the registered text): resolves every operation of the request, a batch's too, in place; one
 * refusal refuses the whole request, nothing ran. Answers the refusal, or the query string to run
 * (a GET's id replaced by its text).
 */
export function trustedDocumentsDoor(docs: TrustedDocuments) {
  return (method: string | undefined, search: string, body: unknown): { refusal: Refusal } | { refusal?: undefined; search: string } => {
    if (method === "GET") {
      const params = new URLSearchParams(search);
      const operation: Record<string, unknown> = Object.fromEntries(params);
      if (typeof operation.extensions === "string") {
        try {
          operation.extensions = JSON.parse(operation.extensions) as unknown;
        } catch {
          return { search }; // Apollo answers malformed extensions itself
        }
      }
      const refusal = resolveOperation(operation, docs);
      if (refusal) return { refusal };
      for (const [name, value] of Object.entries(operation)) {
        if (value === undefined) continue;
        params.set(name, typeof value === "string" ? value : JSON.stringify(value));
      }
      params.delete("documentId");
      return { search: `?${params.toString()}` };
    }
    for (const operation of Array.isArray(body) ? body : [body]) {
      if (!isRecord(operation)) continue; // Apollo answers a malformed body itself
      const refusal = resolveOperation(operation, docs);
      if (refusal) return { refusal };
    }
    return { search };
  };
}

/**
 * Behind the door, once the caller is known: a document that is not trusted runs only in
 * `allow` mode, only for a caller the policy lets (admins). In `require` mode this refuses what
 * reached Apollo by another way than the door. The refusal, or undefined when the operation may
 * run (src/server/plugins.ts asks it after authentication).
 */
export function untrustedRefusal(docs: TrustedDocuments, request: GraphQLRequest, viewer: Viewer | null): GraphQLError | undefined {
  if (request.query !== undefined && docs.trusted.has(request.query)) return undefined;
  if (docs.mode === "allow" && viewer && rules.unregisteredDocuments.decide(viewer)) return undefined;
  return docs.mode === "allow"
    ? new GraphQLError("This document is not registered; only registered documents may run (send its documentId).", {
        extensions: { code: ErrorCode.QUERY_NOT_IN_SAFELIST, http: { status: 403 } },
      })
    : new GraphQLError("This server runs registered documents only: send the document's id as documentId.", {
        extensions: { code: ErrorCode.PERSISTED_QUERY_ID_REQUIRED, http: { status: 400 } },
      });
}
