/**
 * Impact analysis of a draft rating version (ADMIN only, like every rating-version route):
 *   POST /api/rating/versions/:id/impact         starts (or joins) the analysis: 202 { data: job }
 *   GET  /api/rating/versions/:id/impact/:jobId  progress, then the report: 200 { data: job }
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { impactJobSchema } from "../../../domain/rating/impact";
import { requireRole } from "../../auth/authenticate";
import { AppError } from "../../errors";
import { IMPACT_JOB_NOT_FOUND, ImpactJobStore } from "./jobs";
import { startImpactAnalysis } from "./service";

const versionParams = z.object({ id: z.uuid({ message: "Invalid rating version id" }) });
const jobParams = versionParams.extend({ jobId: z.uuid({ message: "Invalid impact analysis id" }) });
const jobResponse = z.object({ data: impactJobSchema });

export const impactRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireRole("ADMIN");
  const jobs = new ImpactJobStore({ db: app.db, kind: app.databaseKind, now: () => app.now(), log: app.log });
  // On PostgreSQL every instance takes jobs from the queue once it is ready (another instance may have sent
  // them); the start goes on behind the first requests. The embedded database is one process, whose own first
  // analysis starts the queue: a server that never analyses neither loads it nor polls for jobs.
  app.addHook("onReady", async () => {
    if (app.databaseKind === "postgres") jobs.open();
  });
  // Before the database closes, so no analysis is left reading from a closed connection.
  app.addHook("onClose", async () => jobs.close());

  app.post(
    "/api/rating/versions/:id/impact",
    {
      schema: {
        tags: ["rating versions"],
        summary:
          "Start an impact analysis of a DRAFT version (ADMIN): re-rates the last 12 months of quotes (up to 100,000)",
        params: versionParams,
        response: { 202: jobResponse },
      },
      onRequest: adminOnly,
    },
    async (request, reply) => {
      return reply.status(202).send({ data: await startImpactAnalysis(app.db, jobs, request.params.id) });
    },
  );

  app.get(
    "/api/rating/versions/:id/impact/:jobId",
    {
      schema: {
        tags: ["rating versions"],
        summary: "Progress and, once completed, the report of an impact analysis (ADMIN)",
        params: jobParams,
        response: { 200: jobResponse },
      },
      onRequest: adminOnly,
    },
    async (request) => {
      const job = await jobs.find(request.params.id, request.params.jobId);
      if (!job) throw new AppError("NOT_FOUND", IMPACT_JOB_NOT_FOUND);
      return { data: job };
    },
  );
};
