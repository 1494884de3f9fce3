/**
 * Builds the Fastify application (fastify/demo habit: main.ts only listens and closes; tests build this same
 * app and call it with `inject`). Order: compilers and error handling, then external plugins (cookies, helmet,
 * OpenAPI), then the app's own decorations (db, config, clock, auth), then routes: the API's in a context that
 * compresses its answers, then the built web app's files, which were compressed when built.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { z } from "zod";
import { PRODUCT_NAME } from "../domain/constants";
import { registerAuthentication } from "./auth/authenticate";
import type { AddressLimit } from "./auth/throttle";
import type { Config } from "./config";
import { type Database, type DatabaseKind, pingDatabase } from "./db/client";
import { type CacheNoticeListener, listenForCacheNotices, subscribedCaches } from "./db/notify";
import { errorBody, registerErrorHandling } from "./errors";
import { featureRoutes } from "./features";
import { apiCompression } from "./http/compression";
import { registerWebApp } from "./http/web-app";
import { webPage } from "./http/web-page";
import { OneLineRequestLog } from "./logging";
import { mailPlugin } from "./mail/plugin";
import { describeApi, withDocumentedBodies } from "./openapi";
import { registerOriginCheck } from "./plugins/origin-check";
import { registerStorableTextGuard } from "./plugins/storable-text";

/** Sign-in attempts allowed per client address per window, counted in the database (src/server/auth/throttle.ts). */
export type LoginRateLimit = AddressLimit;

declare module "fastify" {
  interface FastifyInstance {
    db: Database;
    databaseKind: DatabaseKind;
    config: Config;
    /** The current time; injectable so tests can move it (session expiry, quote validity). */
    now(): Date;
    loginRateLimit: LoginRateLimit;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: { db: Database; kind: DatabaseKind };
  /** Fastify logger options, or a pino-compatible instance; false (default) logs nothing. */
  logger?: boolean | Record<string, unknown> | FastifyBaseLogger;
  /** The built web app (dist/web); served with an index.html fallback when it exists. */
  webRoot?: string | undefined;
  now?: () => Date;
  /** Overrides LOGIN_RATE_LIMIT_PER_MINUTE (tests). */
  loginRateLimit?: LoginRateLimit;
  /**
   * How often the outbox is swept for mail left over (a failed delivery, a restart); a pass also runs whenever a
   * request of this instance writes mail. Tests lengthen it, so only the instance a test sends through delivers.
   */
  mailSweepIntervalMs?: number;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export type App = FastifyInstance;

function loggerOptions(logger: BuildAppOptions["logger"]) {
  if (logger === undefined || logger === false) return { logger: false as const };
  if (logger === true) return { logger: true };
  if (typeof (logger as FastifyBaseLogger).child === "function") {
    return { loggerInstance: logger as FastifyBaseLogger };
  }
  return { logger: logger as Record<string, unknown> };
}

/** Fastify's types take a hop count only as a function (hops nearer than `n` are trusted). */
function trustProxyOption(value: Config["trustProxy"]): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== "number") return value;
  return (_address, hop) => hop < value;
}

/*
 * Every route validates and serialises with its zod schemas. Given as the compilers' factories (what
 * setValidatorCompiler and setSerializerCompiler install) rather than set afterwards, Fastify never builds its
 * default JSON-schema compilers (ajv and its formats), which it would otherwise load at start-up only to have
 * them replaced. Fastify's factory types name its ajv compilers; the zod ones take the same route definitions.
 */
const zodSchemaController = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions["schemaController"];

/*
 * On PostgreSQL, other instances may share the database: each change that makes a cached entry wrong is announced
 * (src/server/db/notify.ts) and every cache subscribed to notices drops it here when the notice arrives. The listener is open before the server
 * answers its first request, and a lost or reopened listening connection drops every such cache, since notices
 * sent meanwhile are lost. PGlite has one process, which drops its own entries as it changes them.
 */
function listenToOtherInstances(app: FastifyInstance, databaseUrl: string | undefined): void {
  if (databaseUrl === undefined) return;
  let listener: CacheNoticeListener | undefined;
  app.addHook("onReady", async () => {
    listener = await listenForCacheNotices(databaseUrl, {
      ...subscribedCaches,
      onError(error) {
        app.log.warn({ err: error }, "the connection listening for other instances' changes was lost; reopening it");
      },
    });
  });
  app.addHook("onClose", async () => {
    await listener?.stop();
  });
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    ...loggerOptions(options.logger),
    logController: new OneLineRequestLog(),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    schemaController: zodSchemaController,
  }).withTypeProvider<ZodTypeProvider>();

  const webRoot = options.webRoot && existsSync(join(options.webRoot, "index.html")) ? options.webRoot : undefined;
  const sendPage = webRoot ? webPage(webRoot) : undefined;
  registerErrorHandling(app, {
    notFound: sendPage
      ? (request, reply) => {
          // Client-side routes (/dashboard, /quote/42, ...) get the app; a missing asset stays a 404.
          const path = request.url.split("?")[0] ?? "/";
          if ((request.method === "GET" || request.method === "HEAD") && !/\.[a-z0-9]+$/i.test(path)) {
            return sendPage(request, reply);
          }
          return reply.status(404).send(errorBody("NOT_FOUND", `No route for ${request.method} ${path}`));
        }
      : undefined,
  });

  app.decorate("db", database.db);
  app.decorate("databaseKind", database.kind);
  app.decorate("config", config);
  app.decorate("now", options.now ?? (() => new Date()));
  app.decorate("loginRateLimit", options.loginRateLimit ?? { max: config.loginRateLimitPerMinute, windowMs: 60_000 });

  listenToOtherInstances(app, database.kind === "postgres" ? config.databaseUrl : undefined);

  await app.register(fastifyCookie, { secret: config.sessionSecret });
  /*
   * helmet works out every header's value when its middleware is built, so it is built once here and only sets
   * them on each answer (the Fastify plugin built it again for every request).
   */
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers and toasts with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // The wording PDF may be opened in a new window from a blob URL.
        frameSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS on plain http (the default 127.0.0.1) would only confuse browsers.
    strictTransportSecurity: config.secureCookies,
  });
  app.addHook("onRequest", (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => (error === undefined ? done() : done(error as Error))),
  );
  // API answers carry personal data (quotes, users, the audit log): no browser or shared cache may keep them.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
  });
  // Registered before any route, so it sees every route's guard as the route is added.
  const describedApi = describeApi(app, { publicUrl: config.publicUrl });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${PRODUCT_NAME} API`,
        description: "Professional indemnity quoting: quotes, referrals, rating versions, users and audit.",
        version: "1.0.0",
        // The product is not licensed to others; an integrator reads this to know so.
        license: { name: "Proprietary" },
      },
    },
    transform: withDocumentedBodies(
      createJsonSchemaTransform({ skipList: ["/api/openapi.json", "/api/docs", "/api/docs/*", "/healthz"] }),
    ),
    transformObject: describedApi,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // The plugin's own policy (it adds hashes for its scripts) asks browsers to upgrade every request to https,
    // which breaks the page on a plain-http install, names the validator host it never calls (validatorUrl is
    // null), and lets any same-origin page frame it. Bring those three in line with the app's policy.
    transformStaticCSP: (header) =>
      header
        .replace(/ ?upgrade-insecure-requests;/, config.secureCookies ? " upgrade-insecure-requests;" : "")
        .replace(" validator.swagger.io", "")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });

  registerOriginCheck(app, config.publicUrl);
  registerStorableTextGuard(app);
  registerAuthentication(app);

  // The outbox dispatcher starts with the app, before the routes that ask it to deliver what they wrote.
  await app.register(mailPlugin, { intervalMs: options.mailSweepIntervalMs });

  // The API's answers, compressed as they are sent (src/server/http/compression.ts). A context of their own, made
  // after the hooks above so they apply in it too; the web app's files below stay outside it: they were compressed
  // once when built.
  await app.register(async (api) => {
    await api.register(fastifyCompress, apiCompression);

    api.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

    api.get(
      "/healthz",
      {
        schema: {
          hide: true,
          response: {
            200: z.object({ status: z.literal("ok") }),
            503: z.object({ error: z.string(), code: z.string() }),
          },
        },
      },
      async (_request, reply) => {
        if (!(await pingDatabase(app.db))) {
          return reply.status(503).send(errorBody("DATABASE_UNAVAILABLE"));
        }
        return { status: "ok" as const };
      },
    );

    for (const routes of featureRoutes) await api.register(routes);
  });

  if (webRoot && sendPage) {
    await registerWebApp(app, webRoot);
    app.get("/", { schema: { hide: true } }, sendPage);
  }

  return app;
}
