/**
 * What the server writes to its request log. A review link's token lets its holder read a quote for 14 days,
 * and a session cookie signs its holder in, so neither may reach a log file, a log shipper or whoever reads them.
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

/** A review link's page and its API: everything after their `?` is the link's and is never logged. */
const REVIEW_LINK_PATH = /\/uw\/review(\/|$)/i;
/** Percent-decoding is repeated this often at most, so `%2574oken` is read as `token` too. */
const MAX_DECODINGS = 3;

function decodedName(name: string): string {
  let current = name.replace(/\+/g, " ");
  for (let i = 0; i < MAX_DECODINGS; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      // Broken escapes: read what there is, so a name hidden behind one is still judged.
      next = current.replace(/%([0-9a-f]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    }
    if (next === current) break;
    current = next;
  }
  return current.toLowerCase();
}

/**
 * The address as logged. The query of a review link's page or API is replaced whole; on any other address each
 * parameter whose name, once decoded, mentions a token (`token`, `%74oken`, `token[]`, `;token`, `reviewToken`) has
 * its value replaced, whatever separator (`&` or `;`) comes before it. The path is kept for reading the log.
 */
export function loggableUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt < 0) return url;
  const path = url.slice(0, queryAt);
  const query = url.slice(queryAt + 1);
  if (query === "") return url;
  if (REVIEW_LINK_PATH.test(decodedName(path))) return `${path}?[redacted]`;
  const parts = query.split(/([&;])/);
  return `${path}?${parts
    .map((part, index) => {
      if (index % 2 === 1) return part;
      const equals = part.indexOf("=");
      const name = equals < 0 ? part : part.slice(0, equals);
      if (!decodedName(name).includes("token")) return part;
      return `${name}=[redacted]`;
    })
    .join("")}`;
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

/**
 * One line per request in the log, once it is answered: what was asked, the status and how long it took. A
 * request's arrival is logged only at debug, where following a request that never ends is worth the second line:
 * at info, every request would otherwise be written twice, a cost each request pays under load. Errors are logged
 * as Fastify logs them.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    }
  }
}
