// PostGraphile v4 as the benchmark's reference: a plain node:http server on 127.0.0.1 over the
// same PostgreSQL database and tables as the project (schema "public"), with its defaults
// (pg pool of 10, like the project's DB_POOL_SIZE default), no query log, no GraphiQL.
//   DATABASE_URL=postgresql://... PORT=4700 node bench/postgraphile/server.js
"use strict";
const http = require("node:http");
const { postgraphile } = require("postgraphile");

const port = Number(process.env.PORT || 4700);
const middleware = postgraphile(process.env.DATABASE_URL, "public", {
  graphqlRoute: "/graphql",
  graphiql: false,
  disableQueryLog: true,
  retryOnInitFail: false,
  watchPg: false,
  setofFunctionsContainNulls: false,
  ignoreRBAC: false,
  extendedErrors: [],
});
http.createServer(middleware).listen(port, "127.0.0.1", () => console.log(`PostGraphile ready at http://127.0.0.1:${port}/graphql`));
