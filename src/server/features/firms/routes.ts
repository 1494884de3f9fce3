/**
 * Broker firms (docs/product/firms.md, docs/product/permissions.md): administrators keep the firms and place
 * brokers in them; a firm's lead reads its brokers, to hand a quote to one of them.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userSchema } from "../../../domain/auth/schemas";
import { brokerFirmSchema, firmInputSchema, firmSchema } from "../../../domain/firms/firm";
import { currentUser, requireFirmLead, requireRole } from "../../auth/authenticate";
import { AppError } from "../../errors";
import { listFirmBrokers, listFirms } from "./repository";
import { changeBrokerFirm, createFirm, deleteFirm, updateFirm } from "./service";

const firmParams = z.object({ id: z.uuid({ message: "Invalid firm id" }) });
const firmData = z.object({ data: firmSchema });
const firmBrokerSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), isFirmLead: z.boolean() });

export const firmRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireRole("ADMIN");

  app.get(
    "/api/firms",
    {
      schema: {
        tags: ["firms"],
        summary: "Broker firms, by name, each with its number of brokers (ADMIN)",
        response: { 200: z.object({ data: z.array(firmSchema) }) },
      },
      onRequest: adminOnly,
    },
    async () => ({ data: await listFirms(app.db) }),
  );

  app.post(
    "/api/firms",
    {
      schema: {
        tags: ["firms"],
        summary: "Create a broker firm (ADMIN)",
        body: firmInputSchema,
        response: { 201: firmData },
      },
      onRequest: adminOnly,
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createFirm(app.db, currentUser(request), request.body, app.now()) }),
  );

  app.put(
    "/api/firms/:id",
    {
      schema: {
        tags: ["firms"],
        summary: "Change a broker firm's details or commission rate (ADMIN)",
        params: firmParams,
        body: firmInputSchema,
        response: { 200: firmData },
      },
      onRequest: adminOnly,
    },
    async (request) => ({
      data: await updateFirm(app.db, currentUser(request), request.params.id, request.body, app.now()),
    }),
  );

  app.delete(
    "/api/firms/:id",
    {
      schema: {
        tags: ["firms"],
        summary: "Delete a broker firm with no brokers and no quotes (ADMIN)",
        params: firmParams,
        response: { 200: firmData },
      },
      onRequest: adminOnly,
    },
    async (request) => ({ data: await deleteFirm(app.db, currentUser(request), request.params.id, app.now()) }),
  );

  app.put(
    "/api/users/:id/firm",
    {
      schema: {
        tags: ["users"],
        summary: "Place a broker in a firm, or in none, and say whether they lead it (ADMIN)",
        params: z.object({ id: z.uuid({ message: "Invalid user id" }) }),
        body: brokerFirmSchema,
        response: { 200: z.object({ data: userSchema }) },
      },
      onRequest: adminOnly,
    },
    async (request) => ({
      data: await changeBrokerFirm(app.db, currentUser(request), request.params.id, request.body, app.now()),
    }),
  );

  app.get(
    "/api/firm/brokers",
    {
      schema: {
        tags: ["firms"],
        summary: "The brokers of your firm, to hand a quote to (the firm's lead broker)",
        response: { 200: z.object({ data: z.array(firmBrokerSchema) }) },
      },
      onRequest: requireFirmLead,
    },
    async (request) => {
      const user = currentUser(request);
      if (!user.isFirmLead || !user.firmId) throw new AppError("INSUFFICIENT_PERMISSIONS");
      return { data: await listFirmBrokers(app.db, user.firmId) };
    },
  );
};
