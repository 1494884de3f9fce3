/**
 * Cross-site request refusal (docs/product/permissions.md): a state-changing request whose Origin header (or, without one,
 * Referer) names another site than the request's own host (or PUBLIC_URL) gets 403. SameSite=Lax cookies
 * already stop most cross-site posts; this closes the gap for same-site subdomains and old browsers.
 */
import type { FastifyInstance } from "fastify";
import { AppError } from "../errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicHost = publicUrl ? new URL(publicUrl).host : undefined;
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A browser that leaves Origin out still sends the Referer of the page that made the request. A client that
    // sends neither is not a browser page, so no third-party site can be riding on its cookies: it passes.
    const origin = request.headers.origin ?? request.headers.referer;
    if (origin === undefined) return;
    let originHost: string | undefined;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = undefined; // "null" (sandboxed frames, file://) or garbage: never our site
    }
    // URL drops a scheme's default port ("http://x:80" -> "x"); drop it from the Host header likewise.
    const ownHost = request.host.replace(/:(80|443)$/, "");
    if (originHost !== undefined && (originHost === ownHost || originHost === publicHost)) return;
    throw new AppError("CROSS_SITE_REQUEST");
  });
}
