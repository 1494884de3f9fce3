/**
 * Cache notices between instances sharing one PostgreSQL database (docs/decisions/0046). Each instance keeps a few
 * caches in memory (sessions, which rating versions are published); a change that makes an entry wrong (a sign-out,
 * a user's sessions ended, a publication) is announced with NOTIFY in the transaction that makes it, so the notice
 * leaves only if the change commits, and every instance LISTENing on one dedicated connection drops the entries at
 * once instead of waiting out the cache's stated bound.
 *
 * On PGlite there is one process: the change drops its own entries after the commit, and the NOTIFY sent there
 * reaches no one (nothing listens), which costs one statement and keeps one code path for announcing.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./client";

/** The one channel every instance listens on. */
export const CACHE_CHANNEL = "pqe_cache";

export type CacheNotice =
  | { kind: "session"; sessionId: string }
  | { kind: "user-sessions"; userId: string }
  | { kind: "published" };

export function encodeNotice(notice: CacheNotice): string {
  switch (notice.kind) {
    case "session":
      return `session:${notice.sessionId}`;
    case "user-sessions":
      return `user-sessions:${notice.userId}`;
    case "published":
      return "published";
  }
}

/** The notice a payload carries, or undefined for one this version does not know (a newer instance sent it). */
export function decodeNotice(payload: string): CacheNotice | undefined {
  if (payload === "published") return { kind: "published" };
  const separator = payload.indexOf(":");
  if (separator < 0) return undefined;
  const kind = payload.slice(0, separator);
  const id = payload.slice(separator + 1);
  if (id === "") return undefined;
  if (kind === "session") return { kind, sessionId: id };
  if (kind === "user-sessions") return { kind, userId: id };
  return undefined;
}

/**
 * Announces a change to every instance. Call it with the transaction that makes the change: PostgreSQL delivers
 * the notice when (and only if) that transaction commits.
 */
export async function announce(db: Database, notice: CacheNotice): Promise<void> {
  await db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${encodeNotice(notice)})`);
}

/** A cache that notices keep fresh: what to drop for a notice, and how to drop everything after a gap. */
export interface CacheSubscriber {
  onNotice(notice: CacheNotice): void;
  onGap(): void;
}

const subscribers = new Set<CacheSubscriber>();

/**
 * Each cache subscribes itself when its module loads, so the listener (started with the app) needs to know no
 * cache by name. Subscribing is for the life of the process.
 */
export function subscribeToCacheNotices(subscriber: CacheSubscriber): void {
  subscribers.add(subscriber);
}

/** Every subscribed cache, as one set of handlers for `listenForCacheNotices`. */
export const subscribedCaches: CacheSubscriber = {
  onNotice(notice) {
    for (const subscriber of subscribers) subscriber.onNotice(notice);
  },
  onGap() {
    for (const subscriber of subscribers) subscriber.onGap();
  },
};

export interface CacheNoticeHandlers {
  /** A notice from any instance, this one included. */
  onNotice(notice: CacheNotice): void;
  /**
   * The listening connection was lost or (re)opened: notices sent meanwhile may never arrive, so every cache
   * that notices keep fresh must be dropped.
   */
  onGap(): void;
  /** For the log: the listening connection failed and will be opened again. */
  onError?(error: unknown): void;
}

export interface CacheNoticeListenerOptions {
  /** Waits between attempts to open the connection again: the first, doubled each time up to the last. */
  retryMinMs?: number;
  retryMaxMs?: number;
  /**
   * How often the idle connection is asked a trivial question: a connection whose network silently went (no
   * reset) would otherwise look alive, and its notices lost, until TCP gave up minutes later.
   */
  checkEveryMs?: number;
}

export interface CacheNoticeListener {
  /** True while the connection is open and listening. */
  readonly listening: boolean;
  /** Stops listening and closes the connection; no reconnection afterwards. */
  stop(): Promise<void>;
}

type PgClient = import("pg").Client;

/** The listening connection's name in pg_stat_activity. */
export const CACHE_NOTICES_APPLICATION_NAME = "pqe-cache-notices";

/**
 * Listens on one connection of its own, outside the request pool: a pooled connection is handed to other
 * queries and returned, and LISTEN belongs to one session. Resolves once the first attempt has either listened
 * or failed; after a failure or a lost connection it keeps trying in the background until stopped.
 */
export async function listenForCacheNotices(
  databaseUrl: string,
  handlers: CacheNoticeHandlers,
  options: CacheNoticeListenerOptions = {},
): Promise<CacheNoticeListener> {
  const { default: pg } = await import("pg");
  const retryMinMs = options.retryMinMs ?? 100;
  const retryMaxMs = options.retryMaxMs ?? 5_000;
  const checkEveryMs = options.checkEveryMs ?? 10_000;
  let stopped = false;
  let client: PgClient | undefined;
  let listening = false;
  let retryMs = retryMinMs;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let checkTimer: ReturnType<typeof setInterval> | undefined;

  const lost = (current: PgClient, error?: unknown) => {
    if (client !== current) return;
    client = undefined;
    if (checkTimer) clearInterval(checkTimer);
    checkTimer = undefined;
    if (listening) handlers.onGap();
    listening = false;
    current.end().catch(() => {});
    if (stopped) return;
    if (error !== undefined) handlers.onError?.(error);
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, retryMaxMs);
  };

  const connect = async (): Promise<void> => {
    retryTimer = undefined;
    if (stopped) return;
    const current = new pg.Client({
      connectionString: databaseUrl,
      // Named, so an operator reading pg_stat_activity knows which connection sits idle on purpose.
      application_name: CACHE_NOTICES_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      // A check that gets no answer counts as a lost connection.
      query_timeout: 5_000,
    });
    client = current;
    current.on("error", (error) => lost(current, error));
    current.on("end", () => lost(current));
    current.on("notification", (message) => {
      if (message.channel !== CACHE_CHANNEL || message.payload === undefined) return;
      const notice = decodeNotice(message.payload);
      if (notice) handlers.onNotice(notice);
    });
    try {
      await current.connect();
      await current.query(`listen ${CACHE_CHANNEL}`);
    } catch (error) {
      lost(current, error);
      return;
    }
    // Stopped (or replaced) while connecting: this connection is no one's to keep.
    if (client !== current || stopped) {
      await current.end().catch(() => {});
      return;
    }
    listening = true;
    retryMs = retryMinMs;
    // Whatever was cached before this connection listened may have missed a notice.
    handlers.onGap();
    checkTimer = setInterval(() => {
      current.query("select 1").catch((error: unknown) => lost(current, error));
    }, checkEveryMs);
    checkTimer.unref();
  };

  await connect();

  return {
    get listening() {
      return listening;
    },
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (checkTimer) clearInterval(checkTimer);
      const current = client;
      client = undefined;
      listening = false;
      if (current) await current.end().catch(() => {});
    },
  };
}
