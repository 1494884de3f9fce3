/**
 * Rating versions (ADMIN only, DECISIONS §3/§5): list, read, create a draft, edit a draft, publish.
 * The configuration is validated by the rating engine itself (every problem under `json.<path>`), published
 * versions are immutable, and publishing closes the periods it supersedes in the same transaction
 * (the rule is the domain's `planPublication`, ADR 0005).
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createRatingVersionRequestSchema,
  isValidPeriod,
  planPublication,
  type RatingVersion,
  ratingConfigText,
  ratingVersionSchema,
  updateRatingVersionRequestSchema,
} from "../../../domain/rating/version";
import { recordAudit } from "../../audit/record";
import { currentUser, requireRole } from "../../auth/authenticate";
import type { Database } from "../../db/client";
import { type RatingVersionRow, ratingVersions, users } from "../../db/schema";
import { AppError } from "../../errors";
import { compiledRaterFor } from "./effective";

const idParams = z.object({ id: z.uuid({ message: "Invalid rating version id" }) });
const versionResponse = z.object({ data: ratingVersionSchema });

type VersionWithCreator = { version: RatingVersionRow; creator: { id: string; name: string } | null };

export function toRatingVersionResponse({ version, creator }: VersionWithCreator): RatingVersion {
  return {
    id: version.id,
    name: version.name,
    notes: version.notes,
    json: version.json,
    configText: version.configText ?? ratingConfigText(version.json),
    published: version.status === "PUBLISHED",
    status: version.status,
    productCode: version.productCode,
    effectiveFrom: version.effectiveFrom,
    effectiveTo: version.effectiveTo,
    createdBy: creator?.id ? { id: creator.id, name: creator.name } : null,
    createdAt: version.createdAt.toISOString(),
    publishedAt: version.publishedAt?.toISOString() ?? null,
  };
}

function selectVersions(db: Database) {
  return db
    .select({ version: ratingVersions, creator: { id: users.id, name: users.name } })
    .from(ratingVersions)
    .leftJoin(users, eq(users.id, ratingVersions.createdBy));
}

async function findVersion(db: Database, id: string): Promise<VersionWithCreator> {
  const [row] = await selectVersions(db).where(eq(ratingVersions.id, id)).limit(1);
  if (!row) throw AppError.notFound("Rating version not found");
  return row;
}

function productCodeOf(json: Record<string, unknown>): string {
  const productCode = json.productCode;
  // The request schema ran the engine's validation, which requires a product code.
  if (typeof productCode !== "string") throw AppError.badRequest("The configuration has no productCode");
  return productCode;
}

/** Serialises publications per product, so two admins publishing at once cannot both close the same period. */
function lockProduct(tx: Database, productCode: string) {
  return tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rating_version:${productCode}`}))`);
}

export const ratingVersionRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = requireRole("ADMIN");

  app.get(
    "/api/rating/versions",
    {
      schema: {
        tags: ["rating versions"],
        summary: "Rating versions (ADMIN), by product, latest period first",
        querystring: z.strictObject({ productCode: z.string().trim().min(1).max(50).optional() }),
        response: { 200: z.object({ data: z.array(ratingVersionSchema) }) },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      const { productCode } = request.query;
      const rows = await selectVersions(app.db)
        .where(productCode ? eq(ratingVersions.productCode, productCode) : undefined)
        .orderBy(asc(ratingVersions.productCode), desc(ratingVersions.effectiveFrom), desc(ratingVersions.createdAt));
      return { data: rows.map(toRatingVersionResponse) };
    },
  );

  app.get(
    "/api/rating/versions/:id",
    {
      schema: {
        tags: ["rating versions"],
        summary: "One rating version (ADMIN)",
        params: idParams,
        response: { 200: versionResponse },
      },
      preHandler: adminOnly,
    },
    async (request) => ({ data: toRatingVersionResponse(await findVersion(app.db, request.params.id)) }),
  );

  app.post(
    "/api/rating/versions",
    {
      schema: {
        tags: ["rating versions"],
        summary: "Create a DRAFT rating version (ADMIN); json may be an object or JSON text",
        body: createRatingVersionRequestSchema,
        response: { 201: versionResponse },
      },
      preHandler: adminOnly,
    },
    async (request, reply) => {
      const admin = currentUser(request);
      const { name, notes, json, effectiveFrom, effectiveTo } = request.body;
      const productCode = productCodeOf(json);
      const id = await app.db.transaction(async (tx) => {
        const now = app.now();
        const [row] = await tx
          .insert(ratingVersions)
          .values({
            name,
            notes: notes ?? null,
            productCode,
            json,
            configText: ratingConfigText(json),
            status: "DRAFT",
            effectiveFrom,
            effectiveTo,
            createdBy: admin.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: ratingVersions.id });
        if (!row) throw new Error("Rating version insert returned no row");
        await recordAudit(tx, {
          entityType: "rating_version",
          action: "created",
          entityId: row.id,
          actorId: admin.id,
          details: { name, productCode, effectiveFrom, effectiveTo },
        });
        return row.id;
      });
      return reply.status(201).send({ data: toRatingVersionResponse(await findVersion(app.db, id)) });
    },
  );

  app.patch(
    "/api/rating/versions/:id",
    {
      schema: {
        tags: ["rating versions"],
        summary: "Edit a DRAFT rating version (ADMIN); published versions are immutable",
        params: idParams,
        body: updateRatingVersionRequestSchema,
        response: { 200: versionResponse },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      const admin = currentUser(request);
      const { id } = request.params;
      const update = request.body;
      await app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(ratingVersions).where(eq(ratingVersions.id, id)).for("update");
        if (!current) throw AppError.notFound("Rating version not found");
        if (current.status === "PUBLISHED") {
          throw AppError.conflict("Published rating versions cannot be changed", "RATING_VERSION_PUBLISHED");
        }
        const period = {
          effectiveFrom: update.effectiveFrom ?? current.effectiveFrom,
          effectiveTo: update.effectiveTo !== undefined ? update.effectiveTo : current.effectiveTo,
        };
        if (!isValidPeriod(period)) {
          throw AppError.validation([{ path: "effectiveTo", message: "Effective to must be after effective from" }]);
        }
        const changes: Partial<typeof ratingVersions.$inferInsert> = {};
        if (update.name !== undefined) changes.name = update.name;
        if (update.notes !== undefined) changes.notes = update.notes;
        if (update.json !== undefined) {
          changes.json = update.json;
          changes.configText = ratingConfigText(update.json);
          changes.productCode = productCodeOf(update.json);
        }
        if (update.effectiveFrom !== undefined) changes.effectiveFrom = update.effectiveFrom;
        if (update.effectiveTo !== undefined) changes.effectiveTo = update.effectiveTo;
        await tx
          .update(ratingVersions)
          .set({ ...changes, updatedAt: app.now() })
          .where(eq(ratingVersions.id, id));
        await recordAudit(tx, {
          entityType: "rating_version",
          action: "updated",
          entityId: id,
          actorId: admin.id,
          // The fields the admin sent: productCode and configText follow from json.
          details: {
            fields: Object.keys(changes).filter((field) => field !== "productCode" && field !== "configText"),
          },
        });
      });
      return { data: toRatingVersionResponse(await findVersion(app.db, id)) };
    },
  );

  app.post(
    "/api/rating/versions/:id/publish",
    {
      schema: {
        tags: ["rating versions"],
        summary: "Publish a DRAFT (ADMIN); closes the period of the version it supersedes",
        params: idParams,
        response: { 200: versionResponse },
      },
      preHandler: adminOnly,
    },
    async (request) => {
      const admin = currentUser(request);
      const { id } = request.params;
      await app.db.transaction(async (tx) => {
        const [draft] = await tx.select().from(ratingVersions).where(eq(ratingVersions.id, id));
        if (!draft) throw AppError.notFound("Rating version not found");
        await lockProduct(tx, draft.productCode);
        const [current] = await tx.select().from(ratingVersions).where(eq(ratingVersions.id, id)).for("update");
        if (!current) throw AppError.notFound("Rating version not found");
        if (current.status === "PUBLISHED") {
          throw AppError.conflict("Rating version is already published", "RATING_VERSION_PUBLISHED");
        }
        // The configuration was validated when saved; compiling again proves this engine accepts it and warms
        // the rater cache before the first quote needs it.
        compiledRaterFor({ ...current, status: "DRAFT" });
        const published = await tx
          .select()
          .from(ratingVersions)
          .where(and(eq(ratingVersions.productCode, current.productCode), eq(ratingVersions.status, "PUBLISHED")));
        const plan = planPublication(published, current);
        if (!plan.ok) throw AppError.conflict(plan.message, "EFFECTIVE_PERIOD_CONFLICT");
        const now = app.now();
        const closed: { id: string; name: string; effectiveTo: { from: string | null; to: string } }[] = [];
        for (const closure of plan.closures) {
          const previous = published.find((v) => v.id === closure.id);
          await tx
            .update(ratingVersions)
            .set({ effectiveTo: closure.effectiveTo, updatedAt: now })
            .where(eq(ratingVersions.id, closure.id));
          const change = { from: previous?.effectiveTo ?? null, to: closure.effectiveTo };
          closed.push({ id: closure.id, name: previous?.name ?? "", effectiveTo: change });
          await recordAudit(tx, {
            entityType: "rating_version",
            action: "updated",
            entityId: closure.id,
            actorId: admin.id,
            details: { effectiveTo: change, supersededBy: id },
          });
        }
        await tx
          .update(ratingVersions)
          .set({ status: "PUBLISHED", publishedAt: now, updatedAt: now })
          .where(eq(ratingVersions.id, id));
        await recordAudit(tx, {
          entityType: "rating_version",
          action: "published",
          entityId: id,
          actorId: admin.id,
          details: {
            name: current.name,
            productCode: current.productCode,
            effectiveFrom: current.effectiveFrom,
            effectiveTo: current.effectiveTo,
            closed,
          },
        });
      });
      return { data: toRatingVersionResponse(await findVersion(app.db, id)) };
    },
  );
};
