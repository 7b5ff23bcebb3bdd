import type { ApolloServerPlugin } from "@apollo/server";

/**
 * A small self-contained playground served at GET /graphql to browsers. Apollo's default
 * landing page loads from a CDN and shows nothing on a machine without internet access; this
 * one needs nothing but this server. The token is kept in the browser's localStorage.
 */
export function playgroundPlugin(): ApolloServerPlugin {
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html: PLAYGROUND_HTML };
        },
      };
    },
  };
}

const PLAYGROUND_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Work management GraphQL playground</title>
<style>
  body{font-family:system-ui,sans-serif;margin:0;display:grid;grid-template-rows:auto 1fr;height:100vh}
  header{padding:.5rem 1rem;background:#003366;color:#fff;display:flex;gap:1rem;align-items:center}
  header input{flex:1;max-width:28rem;padding:.3rem}
  main{display:grid;grid-template-columns:1fr 1fr;gap:.5rem;padding:.5rem;min-height:0}
  section{display:flex;flex-direction:column;gap:.5rem;min-height:0}
  textarea,pre{font-family:ui-monospace,monospace;font-size:13px;border:1px solid #ccc;padding:.5rem;margin:0}
  #query{flex:3} #variables{flex:1} pre{flex:1;overflow:auto;background:#f7f7f7}
  button{padding:.4rem 1.2rem;background:#44a069;color:#fff;border:0;cursor:pointer}
</style></head>
<body>
<header><strong>Work management API</strong>
  <label>Token <input id="token" placeholder="API token (npm run token:create -- --email ...)"></label>
  <button id="run">Run ▶</button> <small>Ctrl+Enter runs</small></header>
<main>
  <section><textarea id="query" spellcheck="false">{
  users(itemsPerPage: 5, order: [{ lastName: ASC }]) {
    items { id firstName lastName email jobPositionName userDepartments { isLeader department { name } } }
    paginationInfo { page itemsPerPage totalCount lastPage hasNextPage }
  }
}</textarea>
  <textarea id="variables" spellcheck="false" placeholder="variables (JSON)">{}</textarea></section>
  <section><pre id="result">Press Run. The schema (with descriptions of every type and field) is at
query { __schema { types { name description } } }</pre></section>
</main>
<script>
  const $ = (id) => document.getElementById(id);
  $("token").value = localStorage.getItem("wm-token") || "";
  $("token").addEventListener("change", () => localStorage.setItem("wm-token", $("token").value));
  async function run() {
    let variables = {};
    try { variables = JSON.parse($("variables").value || "{}"); } catch (e) { $("result").textContent = "Variables are not valid JSON: " + e.message; return; }
    const headers = { "content-type": "application/json" };
    if ($("token").value) headers.authorization = $("token").value;
    const res = await fetch(location.pathname, { method: "POST", headers, body: JSON.stringify({ query: $("query").value, variables }) });
    $("result").textContent = JSON.stringify(await res.json(), null, 2);
  }
  $("run").addEventListener("click", run);
  document.addEventListener("keydown", (e) => { if (e.ctrlKey && e.key === "Enter") run(); });
</script></body></html>`;
