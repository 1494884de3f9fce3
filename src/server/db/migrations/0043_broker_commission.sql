ALTER TABLE "quotes" ADD COLUMN "commission_rate_basis_points" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "commission_overridden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A rated quote of a firm takes its firm's rate as it stands: the only rate the firm has had. A quote without a
-- firm carries no commission (null), as before commission was shown.
UPDATE "quotes" SET "commission_rate_basis_points" = "firms"."commission_rate_basis_points"
FROM "firms"
WHERE "quotes"."firm_id" = "firms"."id" AND "quotes"."base_premium" IS NOT NULL;
