import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import Negotiator from "negotiator";
import type { IncomingMessage, ServerResponse } from "node:http";
import { projectRoot } from "../config/paths";
import { PAGE_HEADERS } from "../config/page-policy";
import { loadExamples } from "./examples";

/** Where the playground's static files are served from (same origin as the API). */
export const PLAYGROUND_ASSETS_PATH = "/playground";

/**
 * The files of the page: GraphiQL's and React's browser builds straight from their npm packages
 * (installed with `npm install`, nothing fetched at run time), and the page's own script.
 */
const ASSETS: Record<string, { module?: string; file?: string; type: string }> = {
  "react.js": { module: "react/umd/react.production.min.js", type: "text/javascript" },
  "react-dom.js": { module: "react-dom/umd/react-dom.production.min.js", type: "text/javascript" },
  "graphiql.js": { module: "graphiql/graphiql.min.js", type: "text/javascript" },
  "graphiql.css": { module: "graphiql/graphiql.min.css", type: "text/css" },
  "playground.js": { file: join(projectRoot, "playground", "playground.js"), type: "text/javascript" },
  "playground.css": { file: join(projectRoot, "playground", "playground.css"), type: "text/css" },
};

export type Playground = ReturnType<typeof createPlayground>;

/**
 * GraphiQL at GET /graphql for browsers (a request that asks for HTML and carries no `query`
 * parameter; everything else goes on to the API), with the twenty examples of examples/ as a
 * collection. Assets and the page are read and made once, here.
 */
export function createPlayground() {
  const files = new Map<string, { body: Buffer; type: string }>();
  for (const [name, asset] of Object.entries(ASSETS)) {
    const path = asset.file ?? packageFile(asset.module!);
    files.set(name, { body: readFileSync(path), type: `${asset.type}; charset=utf-8` });
  }
  const examples = loadExamples().map((example) => ({ ...example, variables: JSON.stringify(example.variables, null, 2) }));
  const html = page(examples);

  return {
    /** Answers GET /playground/<file> (true), or leaves an unknown file to the caller (false). */
    asset(res: ServerResponse, name: string): boolean {
      const file = files.get(name);
      if (!file) return false;
      res.setHeader("content-type", file.type);
      res.setHeader("cache-control", "no-cache");
      res.end(file.body);
      return true;
    },
    /** Answers GET /graphql with the page when a browser navigates there (true); else false: the request is the API's. */
    page(req: IncomingMessage, res: ServerResponse, search: string): boolean {
      if (!wantsPage(req, search)) return false;
      for (const [name, value] of Object.entries(PAGE_HEADERS)) res.setHeader(name, value);
      res.end(html);
      return true;
    },
  };
}

/**
 * A file of an installed package. The packages' `exports` maps hide their browser builds from
 * require.resolve, so the path is taken from the package's folder.
 */
function packageFile(spec: string): string {
  const [pkg, ...rest] = spec.split("/");
  return join(dirname(require.resolve(`${pkg}/package.json`, { paths: [projectRoot] })), ...rest);
}

/** A browser navigating to /graphql (not a GET query, which carries `query`, nor a client asking for JSON): Apollo's own negotiation of Accept. */
function wantsPage(req: IncomingMessage, search: string): boolean {
  if (new URLSearchParams(search).has("query")) return false;
  return new Negotiator(req).mediaType(["application/json", "application/graphql-response+json", "text/html"]) === "text/html";
}

function page(examples: unknown[]): string {
  // a JSON data block is not executed, so the CSP's script-src 'self' holds; `<` is escaped so
  // no example text can close the element
  const data = JSON.stringify(examples).replace(/</g, "\\u003c");
  const a = PLAYGROUND_ASSETS_PATH;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Work management API · GraphiQL</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<link rel="stylesheet" href="${a}/graphiql.css"><link rel="stylesheet" href="${a}/playground.css">
</head><body>
<header id="wm-header"><strong>Work management API</strong>
<label for="wm-token">Token</label>
<input id="wm-token" type="password" autocomplete="off" spellcheck="false" placeholder="wm_… (npm run token:create -- --email …)">
<span id="wm-token-state"></span>
<small>Kept for this browser tab's session only. Examples E1–E20: the list icon on the left.</small></header>
<main id="graphiql">Loading GraphiQL…</main>
<script type="application/json" id="wm-examples">${data}</script>
<script src="${a}/react.js"></script><script src="${a}/react-dom.js"></script><script src="${a}/graphiql.js"></script>
<script src="${a}/playground.js"></script>
</body></html>
`;
}
