/**
 * Per-user limits on the writes that cost the product most (docs/product/permissions.md "Limits on business
 * writes"): quotes created, documents rendered and referrals sent, each counted per user per minute in the
 * database's shared counters, so several instances on one PostgreSQL count together. Over the limit the request is
 * refused with 429 RATE_LIMITED and Retry-After before it does any work.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { BusinessWriteLimits } from "../config";
import { AppError } from "../errors";
import { currentUser } from "./authenticate";
import { countInWindow, waitInWords } from "./throttle";

/** Each write limited, as the config names it (QUOTES_CREATED_PER_MINUTE and the like). */
export type BusinessWrite = keyof BusinessWriteLimits;

const WINDOW_MS = 60_000;

/** What the refusal names, in the product's words. */
const WRITE_WORDS: Record<BusinessWrite, string> = {
  quotesCreated: "quotes created",
  documentsRendered: "documents prepared",
  referralsSent: "referrals sent",
};

export function businessWriteRefusal(write: BusinessWrite, limit: number, waitMs: number): string {
  return `Too many ${WRITE_WORDS[write]}: at most ${limit} a minute. Try again in ${waitInWords(waitMs)}.`;
}

/**
 * A hook for a route that does `write`: counts it for the signed-in user (run it after the route's role check) and
 * refuses it when the user is over the minute's limit.
 */
export function limitBusinessWrites(write: BusinessWrite) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const app = request.server;
    const user = currentUser(request);
    const limit = app.config.businessWriteLimitsPerMinute[write];
    const waitMs = await countInWindow(
      app.db,
      `write ${write} ${user.id}`,
      { max: limit, windowMs: WINDOW_MS },
      app.now(),
    );
    if (waitMs === undefined) return;
    reply.header("retry-after", Math.max(1, Math.ceil(waitMs / 1000)));
    throw new AppError("RATE_LIMITED", businessWriteRefusal(write, limit, waitMs));
  };
}
