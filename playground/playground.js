/* The page script of the GraphiQL playground served at GET /graphql (see src/server/playground.ts).
 * Plain browser JavaScript on purpose: React, ReactDOM and GraphiQL come as the browser builds of
 * their npm packages, so the page needs no bundler and nothing from the internet. */
(function () {
  "use strict";
  var h = React.createElement;
  var TOKEN_KEY = "wm-playground-token";
  var examples = JSON.parse(document.getElementById("wm-examples").textContent);

  // The token lives in sessionStorage: it survives reloads of this tab and is gone with it.
  var tokenInput = document.getElementById("wm-token");
  var tokenState = document.getElementById("wm-token-state");
  function token() {
    return tokenInput.value.trim().replace(/^Bearer\s+/i, "");
  }
  function showTokenState() {
    tokenState.textContent = token() ? "token set" : "no token: requests answer 401";
    tokenState.className = token() ? "ok" : "missing";
  }
  tokenInput.value = sessionStorage.getItem(TOKEN_KEY) || "";
  tokenInput.addEventListener("input", function () {
    sessionStorage.setItem(TOKEN_KEY, token());
    showTokenState();
  });
  showTokenState();

  // Every request (the schema's introspection too) carries the token, unless the headers
  // editor sets an Authorization header of its own.
  function fetchWithToken(input, init) {
    var headers = new Headers((init && init.headers) || {});
    if (token() && !headers.has("authorization")) headers.set("authorization", "Bearer " + token());
    return window.fetch(input, Object.assign({}, init, { headers: headers }));
  }
  var fetcher = GraphiQL.createFetcher({ url: new URL("/graphql", location.href).href, fetch: fetchWithToken });

  // The collection of the twenty operations: a click loads the example into the current tab.
  function ExamplesPanel() {
    var editors = GraphiQL.React.useEditorContext({ nonNull: true });
    return h(
      "div",
      { className: "wm-examples" },
      h("div", { className: "graphiql-doc-explorer-title" }, "Examples"),
      h(
        "p",
        null,
        "One per operation of the interface, with the demo data's ids. Click to load it into the current tab, then run it (Ctrl/Cmd+Enter).",
      ),
      h(
        "ul",
        null,
        examples.map(function (example) {
          return h(
            "li",
            { key: example.name },
            h(
              "button",
              {
                type: "button",
                className: "wm-example",
                "data-example": example.id,
                title: example.title,
                onClick: function () {
                  if (editors.queryEditor) editors.queryEditor.setValue(example.query);
                  if (editors.variableEditor) editors.variableEditor.setValue(example.variables);
                  // the editor derives the operation name after a pause; a run right after the click must use this one
                  var named = /\b(?:query|mutation)\s+(\w+)/.exec(example.query);
                  if (named && editors.setOperationName) editors.setOperationName(named[1]);
                },
              },
              h("b", null, example.id),
              " ",
              example.title.replace(/^E\d+:\s*/, ""),
            ),
          );
        }),
      ),
    );
  }
  var examplesPlugin = {
    title: "Examples E1–E20",
    icon: function () {
      return h("span", { className: "wm-examples-icon", "aria-hidden": "true" }, "E");
    },
    content: ExamplesPanel,
  };

  // GraphiQL's variables linter (codemirror-graphql) checks an input field's default with
  // `!field.defaultValue`, so a default of false or 0 (`posted: Boolean! = false`, `budget: Float!
  // = 0`) counts as none and the field is marked missing, though the server fills it in. In
  // GraphiQL's copy of the schema such defaults are boxed: an object passes that check, and
  // everything else (the docs, validation) reads the same value through graphql's valueOf.
  function boxFalsyDefaults(schema) {
    Object.values(schema.getTypeMap()).forEach(function (type) {
      // input object types have fields but, unlike object types and interfaces, no interfaces
      if (type.name.indexOf("__") === 0 || typeof type.getFields !== "function" || typeof type.getInterfaces === "function") return;
      Object.values(type.getFields()).forEach(function (field) {
        if (field.defaultValue === false || field.defaultValue === 0 || field.defaultValue === "")
          field.defaultValue = Object(field.defaultValue);
      });
    });
  }

  var first =
    examples.find(function (e) {
      return e.id === "E8";
    }) || examples[0];
  var root = ReactDOM.createRoot(document.getElementById("graphiql"));
  root.render(
    h(GraphiQL, {
      fetcher: fetcher,
      plugins: [examplesPlugin],
      visiblePlugin: examplesPlugin,
      defaultTabs: [{ query: first.query, variables: first.variables }],
      // deprecated arguments and input fields too (projectGantt's showTasks), or the editor
      // marks them unknown though they run
      inputValueDeprecation: true,
      onSchemaChange: boxFalsyDefaults,
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: false,
      defaultEditorToolsVisibility: "variables",
    }),
  );
})();
