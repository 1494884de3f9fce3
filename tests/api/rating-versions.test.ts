import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { compileRatingConfig } from "../../src/domain/rating/compile";
import { defaultRatingInput } from "../../src/domain/rating/input";
import { migrationsFolder } from "../../src/server/db/client";
import { ratingVersions } from "../../src/server/db/schema";
import { SEED_EFFECTIVE_FROM } from "../../src/server/db/seed";
import { SEED_RATING_VERSIONS } from "../../src/server/db/seed-rating-versions";
import { compiledRaterFor, findEffectiveRater } from "../../src/server/features/rating-versions/effective-service";
import { auditEntries } from "../support/audit";
import { describeEachDatabase } from "../support/harness";
import { requestAsRole, uniqueProductConfig } from "../support/rating-versions";

const productConfig = (overrides: Record<string, unknown> = {}) => uniqueProductConfig("TEST", overrides);

describeEachDatabase("rating versions", (ctx) => {
  const request = requestAsRole(ctx);
  const createDraft = async (fields: Record<string, unknown>) => {
    const response = await request("POST", "/api/rating/versions", fields);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: string; productCode: string; status: string };
  };
  const publish = (id: string) => request("POST", `/api/rating/versions/${id}/publish`);

  describe("GET /api/rating/versions", () => {
    it("lists the seeded PUBLISHED versions with their creator", async () => {
      const response = await request("GET", "/api/rating/versions");
      expect(response.statusCode).toBe(200);
      const list = response.json().data as Record<string, unknown>[];
      const dcpi = list.find((v) => v.productCode === "D/C-PI");
      expect(dcpi).toMatchObject({
        status: "PUBLISHED",
        published: true,
        effectiveFrom: "2020-01-01",
        effectiveTo: null,
        createdBy: { name: "Ada Admin" },
      });
      expect(list.some((v) => v.productCode === "PI001")).toBe(true);
    });

    it("filters by product", async () => {
      const response = await request("GET", "/api/rating/versions?productCode=PI001");
      const list = response.json().data as { productCode: string }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((v) => v.productCode === "PI001")).toBe(true);
    });

    it("is ADMIN-only: 401 signed out, 403 for brokers and underwriters", async () => {
      expect((await ctx.app.inject({ method: "GET", url: "/api/rating/versions" })).statusCode).toBe(401);
      for (const role of ["BROKER", "UNDERWRITER"] as const) {
        const response = await request("GET", "/api/rating/versions", undefined, role);
        expect(response.statusCode).toBe(403);
        expect(response.json().error).toBe("Insufficient permissions");
      }
    });
  });

  describe("POST /api/rating/versions", () => {
    it("creates a DRAFT from a configuration object, audited", async () => {
      const json = productConfig();
      const created = await createDraft({ name: "Spring rates", notes: "Trial", json, effectiveFrom: "2027-01-01" });
      expect(created).toMatchObject({
        name: "Spring rates",
        notes: "Trial",
        status: "DRAFT",
        published: false,
        productCode: json.productCode,
        effectiveFrom: "2027-01-01",
        effectiveTo: null,
        createdBy: { name: "Ada Admin" },
        publishedAt: null,
        json,
      });
      const entries = await auditEntries(ctx.db, {
        entityType: "rating_version",
        action: "created",
        entityId: created.id,
      });
      expect(entries).toHaveLength(1);
    });

    it("accepts the configuration as JSON text and stores it as an object", async () => {
      const json = productConfig();
      const created = await createDraft({ name: "From text", json: JSON.stringify(json), effectiveFrom: "2027-01-01" });
      const [row] = await ctx.db.select().from(ratingVersions).where(eq(ratingVersions.id, created.id));
      expect(row?.json).toEqual(json);
    });

    it("keeps the author's key order, which the database's jsonb does not, and shows it after an edit", async () => {
      // baseRate and version lead, as an author writes them; jsonb would put "fees" and "caps" first.
      const { productCode, baseRate, version, ...rest } = productConfig();
      const authored = { baseRate, version, productCode, ...rest };
      const created = await createDraft({ name: "Ordered", json: authored, effectiveFrom: "2099-01-01" });
      const read = (await request("GET", `/api/rating/versions/${created.id}`)).json().data;
      expect(read.configText).toBe(JSON.stringify(authored, null, 2));
      expect(Object.keys(JSON.parse(read.configText))).toEqual(Object.keys(authored));

      const reordered = { productCode, version, baseRate: 130, ...rest };
      const text = JSON.stringify(reordered, null, 2);
      const patched = await request("PATCH", `/api/rating/versions/${created.id}`, { json: text });
      expect(patched.statusCode).toBe(200);
      expect(patched.json().data.configText).toBe(text);
      const listed = (
        await request("GET", `/api/rating/versions?productCode=${encodeURIComponent(productCode)}`)
      ).json();
      expect(listed.data[0].configText).toBe(text);
    });

    it("refuses unparsable text or a configuration without version/productCode/baseRate with docs/product/errors.md's message", async () => {
      for (const json of ["{not json", JSON.stringify({ productCode: "X" }), { version: "1" }]) {
        const response = await request("POST", "/api/rating/versions", {
          name: "Bad",
          json,
          effectiveFrom: "2027-01-01",
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().issues).toContainEqual({
          path: "json",
          message: "Validation Error - Invalid JSON configuration",
        });
      }
    });

    it("reports every problem of an invalid configuration with its path", async () => {
      const json = productConfig({
        baseRate: -5,
        referralRules: [{ code: "BAD", description: "Broken rule", condition: "turnover >" }],
      });
      const response = await request("POST", "/api/rating/versions", {
        name: "Broken",
        json,
        effectiveFrom: "2027-01-01",
      });
      expect(response.statusCode).toBe(400);
      const paths = (response.json().issues as { path: string }[]).map((i) => i.path);
      expect(paths).toContain("json.baseRate");
      expect(paths.some((p) => p.startsWith("json.referralRules.0"))).toBe(true);
    });

    it("validates names, dates and the period, and refuses unknown fields", async () => {
      const json = productConfig();
      const response = await request("POST", "/api/rating/versions", {
        name: " ",
        json,
        effectiveFrom: "2027-02-01",
        effectiveTo: "2027-01-01",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual(
        expect.arrayContaining([
          { path: "name", message: "Version name is required" },
          { path: "effectiveTo", message: "Effective to must be after effective from" },
        ]),
      );
      const extra = await request("POST", "/api/rating/versions", {
        name: "X",
        json,
        effectiveFrom: "2027-01-01",
        status: "PUBLISHED",
      });
      expect(extra.statusCode).toBe(400);
      const badDate = await request("POST", "/api/rating/versions", { name: "X", json, effectiveFrom: "01/01/2027" });
      expect(badDate.statusCode).toBe(400);
      expect(badDate.json().issues).toContainEqual({ path: "effectiveFrom", message: "Must be a date (YYYY-MM-DD)" });
    });

    it("is ADMIN-only", async () => {
      const payload = { name: "X", json: productConfig(), effectiveFrom: "2027-01-01" };
      const response = await request("POST", "/api/rating/versions", payload, "UNDERWRITER");
      expect(response.statusCode).toBe(403);
    });
  });

  describe("GET /api/rating/versions/:id", () => {
    it("answers one version, 404 for an unknown id and 400 for a malformed one", async () => {
      const created = await createDraft({ name: "One", json: productConfig(), effectiveFrom: "2027-01-01" });
      const found = await request("GET", `/api/rating/versions/${created.id}`);
      expect(found.statusCode).toBe(200);
      expect(found.json().data.id).toBe(created.id);
      const missing = await request("GET", "/api/rating/versions/00000000-0000-4000-8000-000000000000");
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: "Rating version not found", code: "NOT_FOUND" });
      expect((await request("GET", "/api/rating/versions/abc")).statusCode).toBe(400);
    });
  });

  describe("PATCH /api/rating/versions/:id", () => {
    it("edits a draft and audits which fields changed", async () => {
      const created = await createDraft({ name: "Draft", json: productConfig(), effectiveFrom: "2027-01-01" });
      const json = { ...productConfig(), productCode: created.productCode, baseRate: 120 };
      const response = await request("PATCH", `/api/rating/versions/${created.id}`, {
        name: "Draft v2",
        json,
        effectiveTo: "2028-01-01",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        name: "Draft v2",
        effectiveTo: "2028-01-01",
        json: { baseRate: 120 },
      });
      const [entry] = await auditEntries(ctx.db, {
        entityType: "rating_version",
        action: "updated",
        entityId: created.id,
      });
      expect(entry?.details).toEqual({ fields: ["name", "json", "effectiveTo"] });
    });

    it("checks the resulting period against the stored end", async () => {
      const created = await createDraft({
        name: "Bounded",
        json: productConfig(),
        effectiveFrom: "2027-01-01",
        effectiveTo: "2027-06-01",
      });
      const response = await request("PATCH", `/api/rating/versions/${created.id}`, { effectiveFrom: "2027-07-01" });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: "effectiveTo", message: "Effective to must be after effective from" },
      ]);
    });

    it("refuses an empty update and an invalid configuration", async () => {
      const created = await createDraft({ name: "Draft", json: productConfig(), effectiveFrom: "2027-01-01" });
      expect((await request("PATCH", `/api/rating/versions/${created.id}`, {})).statusCode).toBe(400);
      const bad = await request("PATCH", `/api/rating/versions/${created.id}`, {
        json: productConfig({ taxesPct: 250 }),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe("json.taxesPct");
    });

    it("refuses to change a published version with 409", async () => {
      const created = await createDraft({ name: "To publish", json: productConfig(), effectiveFrom: "2027-01-01" });
      expect((await publish(created.id)).statusCode).toBe(200);
      const response = await request("PATCH", `/api/rating/versions/${created.id}`, { name: "Sneaky edit" });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: "Published rating versions cannot be changed",
        code: "RATING_VERSION_PUBLISHED",
      });
    });

    it("answers 404 for an unknown version and 403 for non-admins", async () => {
      const missing = await request("PATCH", "/api/rating/versions/00000000-0000-4000-8000-000000000000", {
        name: "X",
      });
      expect(missing.statusCode).toBe(404);
      const created = await createDraft({ name: "Draft", json: productConfig(), effectiveFrom: "2027-01-01" });
      const broker = await request("PATCH", `/api/rating/versions/${created.id}`, { name: "X" }, "BROKER");
      expect(broker.statusCode).toBe(403);
    });
  });

  describe("POST /api/rating/versions/:id/publish", () => {
    it("publishes a draft, closes the period it supersedes in the same change, and audits both", async () => {
      const json = productConfig();
      const first = await createDraft({ name: "2027 rates", json, effectiveFrom: "2027-01-01" });
      expect((await publish(first.id)).statusCode).toBe(200);
      const second = await createDraft({ name: "Mid-2027 rates", json, effectiveFrom: "2027-07-01" });
      const response = await publish(second.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ status: "PUBLISHED", published: true, effectiveTo: null });
      expect(response.json().data.publishedAt).toEqual(expect.any(String));

      const [closed] = await ctx.db.select().from(ratingVersions).where(eq(ratingVersions.id, first.id));
      expect(closed?.effectiveTo).toBe("2027-07-01");
      const [published] = await auditEntries(ctx.db, {
        entityType: "rating_version",
        action: "published",
        entityId: second.id,
      });
      expect(published?.details).toMatchObject({
        closed: [{ id: first.id, name: "2027 rates", effectiveTo: { from: null, to: "2027-07-01" } }],
      });
      const [closure] = await auditEntries(ctx.db, {
        entityType: "rating_version",
        action: "updated",
        entityId: first.id,
      });
      expect(closure?.details).toEqual({ effectiveTo: { from: null, to: "2027-07-01" }, supersededBy: second.id });

      // The effective version now depends on the inception date.
      expect((await findEffectiveRater(ctx.db, json.productCode, "2027-06-30"))?.version.id).toBe(first.id);
      expect((await findEffectiveRater(ctx.db, json.productCode, "2027-07-01"))?.version.id).toBe(second.id);
      expect(await findEffectiveRater(ctx.db, json.productCode, "2026-12-31")).toBeUndefined();
    });

    it("answers 409 when the version is already published", async () => {
      const created = await createDraft({ name: "Once", json: productConfig(), effectiveFrom: "2027-01-01" });
      expect((await publish(created.id)).statusCode).toBe(200);
      const again = await publish(created.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "Rating version is already published", code: "RATING_VERSION_PUBLISHED" });
    });

    it("refuses with 409 a publication that would rewrite a published period, changing nothing", async () => {
      const json = productConfig();
      const current = await createDraft({ name: "Current", json, effectiveFrom: "2027-03-01" });
      await publish(current.id);
      const earlier = await createDraft({ name: "Earlier", json, effectiveFrom: "2027-01-01" });
      const response = await publish(earlier.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe("EFFECTIVE_PERIOD_CONFLICT");
      expect(response.json().error).toMatch(/^Overlaps the published version "Current"/);
      const [row] = await ctx.db.select().from(ratingVersions).where(eq(ratingVersions.id, earlier.id));
      expect(row?.status).toBe("DRAFT");
    });

    it("answers 404 for an unknown version and 403 for non-admins", async () => {
      expect((await publish("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
      const created = await createDraft({ name: "X", json: productConfig(), effectiveFrom: "2027-01-01" });
      const response = await request("POST", `/api/rating/versions/${created.id}/publish`, undefined, "UNDERWRITER");
      expect(response.statusCode).toBe(403);
    });
  });

  describe("the effective rater", () => {
    it("finds the seeded version for a product and rates with it", async () => {
      const effective = await findEffectiveRater(ctx.db, "PI001", "2026-12-01");
      expect(effective?.version.productCode).toBe("PI001");
      const result = effective?.rater.rate(defaultRatingInput({ turnover: 500_000, industry: "technology" }));
      expect(result?.totalPremium).toBe(19_600);
    });

    it("compiles a published version once and reuses the rater", async () => {
      const effective = await findEffectiveRater(ctx.db, "D/C-PI", "2026-12-01");
      if (!effective) throw new Error("no D/C-PI version");
      expect(compiledRaterFor(effective.version)).toBe(compiledRaterFor(effective.version));
    });

    it("does not cache drafts, which may still change", async () => {
      const created = await createDraft({ name: "Draft", json: productConfig(), effectiveFrom: "2027-01-01" });
      const [row] = await ctx.db.select().from(ratingVersions).where(eq(ratingVersions.id, created.id));
      if (!row) throw new Error("missing draft");
      expect(compiledRaterFor(row)).not.toBe(compiledRaterFor(row));
    });

    it("answers undefined when no published version covers the date", async () => {
      expect(await findEffectiveRater(ctx.db, "NO-SUCH-PRODUCT", "2026-12-01")).toBeUndefined();
      expect(await findEffectiveRater(ctx.db, "PI001", "2019-12-31")).toBeUndefined();
    });
  });

  describe("the seeded versions' notes", () => {
    /** The notes the versions were seeded with before they were worded as the product's own. */
    const FORMER_NOTES = {
      "D/C-PI": "Initial design-and-construct PI rating (docs/rating-dc-pi.md).",
      PI001: "SPEC.md §9 example configuration.",
    } as const;
    const seeded = (productCode: keyof typeof FORMER_NOTES) =>
      and(
        eq(ratingVersions.productCode, productCode),
        eq(ratingVersions.effectiveFrom, SEED_EFFECTIVE_FROM),
        eq(ratingVersions.status, "PUBLISHED"),
      );
    const rewriteNotes = async () => {
      const migration = readFileSync(`${migrationsFolder()}/0026_seeded_rating_version_notes.sql`, "utf8");
      for (const statement of migration.split("--> statement-breakpoint")) await ctx.db.execute(sql.raw(statement));
    };

    it("read as the product's own on a new database", async () => {
      const list = (await request("GET", "/api/rating/versions")).json().data as {
        productCode: string;
        effectiveFrom: string;
        notes: string | null;
      }[];
      for (const version of SEED_RATING_VERSIONS) {
        const shown = list.find(
          (v) => v.productCode === version.productCode && v.effectiveFrom === SEED_EFFECTIVE_FROM,
        );
        expect(shown?.notes).toBe(version.notes);
        expect(shown?.notes).not.toMatch(/\.md\b|SPEC|§/);
      }
    });

    it("are reworded on a database seeded before, and nothing else of any version changes", async () => {
      for (const productCode of ["D/C-PI", "PI001"] as const) {
        await ctx.db.update(ratingVersions).set({ notes: FORMER_NOTES[productCode] }).where(seeded(productCode));
      }
      // An administrator's own version whose notes happen to read like a seeded one is not the seeded version.
      const own = await createDraft({
        name: "Own notes",
        notes: FORMER_NOTES.PI001,
        json: productConfig(),
        effectiveFrom: "2027-01-01",
      });
      const before = await ctx.db.select().from(ratingVersions);
      const rated = (json: Record<string, unknown>) => {
        const compiled = compileRatingConfig(json);
        return compiled.ok ? compiled.rater.rate(defaultRatingInput({ turnover: 750_000 })) : compiled.issues;
      };

      await rewriteNotes();
      await rewriteNotes();

      const after = await ctx.db.select().from(ratingVersions);
      expect(after).toHaveLength(before.length);
      for (const row of before) {
        const now = after.find((candidate) => candidate.id === row.id);
        const seededVersion = SEED_RATING_VERSIONS.find(
          (version) =>
            version.productCode === row.productCode &&
            row.notes === FORMER_NOTES[version.productCode as keyof typeof FORMER_NOTES],
        );
        expect(now?.notes, row.name).toBe(seededVersion ? seededVersion.notes : row.notes);
        expect({ ...now, notes: null }).toEqual({ ...row, notes: null });
        expect(rated(now?.json ?? {})).toEqual(rated(row.json));
      }
      expect(after.find((row) => row.id === own.id)?.notes).toBe(FORMER_NOTES.PI001);
    });
  });
});
