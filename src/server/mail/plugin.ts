/**
 * Starts the outbox dispatcher with the app and exposes it as `app.mailDispatcher`, so the routes that write
 * to the outbox (the refer route) can ask for delivery right after their transaction commits.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type MailDispatcher, startMailDispatcher } from "./dispatcher";

declare module "fastify" {
  interface FastifyInstance {
    mailDispatcher: MailDispatcher;
  }
}

const plugin: FastifyPluginAsyncZod<{ intervalMs?: number | undefined }> = async (app, options) => {
  app.decorate(
    "mailDispatcher",
    startMailDispatcher(app, options.intervalMs === undefined ? {} : { intervalMs: options.intervalMs }),
  );
};

/*
 * Fastify's documented "skip-override" flag (what fastify-plugin sets): the decoration lands on the root
 * instance instead of this plugin's own scope, so the feature plugins registered after it can use it.
 */
export const mailPlugin: FastifyPluginAsyncZod<{ intervalMs?: number | undefined }> = Object.assign(plugin, {
  [Symbol.for("skip-override")]: true,
});
