/**
 * What the server writes to its request log. A review link's token lets its holder read a quote for 14 days,
 * and a session cookie signs its holder in, so neither may reach a log file, a log shipper or whoever reads them.
 */
import type { FastifyRequest } from "fastify";

/** The address as logged: a review token's value (the one credential carried in a query) replaced. */
export function loggableUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}

/** Fastify logger options for the running server (JSON lines on stdout at `level`). */
export function serverLoggerOptions(level: string, stream?: { write(line: string): void }) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ["req.headers.cookie", 'res.headers["set-cookie"]'],
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: loggableUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        };
      },
    },
  };
}
