import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { projectRoot } from "../config/paths";
import { PAGE_HEADERS } from "../config/page-policy";
import type { RestResponse } from "./problems";

/** Where the REST documentation page is served, and its files beside it. */
export const DOCS_PATH = "/docs";

/**
 * The page's files: Swagger UI's browser build and stylesheet straight from the swagger-ui-dist
 * package (installed with `npm install`, nothing fetched at run time) and the page's own script.
 */
const SWAGGER_UI = dirname(require.resolve("swagger-ui-dist/package.json", { paths: [projectRoot] }));
const ASSETS: Record<string, { file: string; type: string }> = {
  "swagger-ui-bundle.js": { file: join(SWAGGER_UI, "swagger-ui-bundle.js"), type: "text/javascript" },
  "swagger-ui.css": { file: join(SWAGGER_UI, "swagger-ui.css"), type: "text/css" },
  "api-docs.js": { file: join(projectRoot, "playground", "api-docs.js"), type: "text/javascript" },
};

/**
 * GET /docs: the OpenAPI document of /openapi.json rendered by Swagger UI, served by this server
 * alone under the pages' headers (PAGE_HEADERS: their Content-Security-Policy) (only this origin's scripts, styles and
 * connections; never framed). The files are read on each request, not kept: Swagger UI's bundle and
 * stylesheet held as strings were 3.7 MB of the 48 MB the server's heap keeps live (heap snapshot),
 * which every full collection marks and which a heap growth factor multiplies; the page is rarely asked for.
 */
export function docsPages(): Map<string, RestResponse> {
  const pages = new Map<string, RestResponse>();
  for (const [name, asset] of Object.entries(ASSETS)) {
    pages.set(`${DOCS_PATH}/${name}`, {
      status: 200,
      headers: { "content-type": `${asset.type}; charset=utf-8`, "cache-control": "no-cache" },
      get body() {
        return readFileSync(asset.file, "utf8");
      },
    });
  }
  pages.set(DOCS_PATH, {
    status: 200,
    headers: { ...PAGE_HEADERS },
    body: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Work management REST interface</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
</head><body>
<main id="swagger-ui">Loading the documentation…</main>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/api-docs.js"></script>
</body></html>
`,
  });
  return pages;
}
