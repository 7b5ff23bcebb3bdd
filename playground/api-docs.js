/* The page script of the REST interface's documentation at GET /docs (see src/rest/docs-page.ts):
 * Swagger UI's browser build from the swagger-ui-dist package, on this server's /openapi.json.
 * Nothing is loaded from elsewhere: no validator badge (validatorUrl null), no fonts, no CDN. */
(function () {
  "use strict";
  window.ui = SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    validatorUrl: null,
    deepLinking: true,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    // calls made with "Try it out" carry the token entered under Authorize
    persistAuthorization: false,
  });
})();
