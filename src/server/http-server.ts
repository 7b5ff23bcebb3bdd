import { createServer, type Server } from "node:http";
import type { Config } from "../config/config";
import type { App } from "./app";

/**
 * The HTTP listener with the connection limits of the configuration: a client must send its
 * headers within HTTP_HEADERS_TIMEOUT_MS and the whole request within HTTP_BODY_TIMEOUT_MS
 * (Node answers 408 and closes the connection otherwise), idle keep-alive connections close
 * after KEEP_ALIVE_TIMEOUT_MS, and connections beyond MAX_CONNECTIONS are closed on arrival.
 */
export function createHttpServer(app: App, config: Config): Server {
  const server = createServer(
    {
      headersTimeout: config.httpHeadersTimeoutMs,
      requestTimeout: config.httpBodyTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      // how often Node looks for connections past those timeouts (its default, 30 s, would let a
      // slow client hold a connection up to 30 s longer than configured)
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(config.httpHeadersTimeoutMs / 2))),
    },
    app.listener,
  );
  server.maxConnections = config.maxConnections;
  server.on("drop", () => app.metrics.observeRefusal("max_connections"));
  return server;
}
