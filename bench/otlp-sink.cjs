// The benchmark's OTLP/HTTP collector (bench/run.ts, the traced server): a process of its own, as
// a real collector runs apart from the server and its clients, that reads each export request
// and discards it, answering 200 (an empty ExportTraceServiceResponse: full success). It prints
// its endpoint's URL on stdout once listening.
"use strict";
const { createServer } = require("node:http");

const sink = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": req.headers["content-type"] ?? "application/x-protobuf" }).end());
});
sink.listen(0, "127.0.0.1", () => process.stdout.write(`http://127.0.0.1:${sink.address().port}\n`));
