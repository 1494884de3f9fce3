-- A review link reads its review only while the quote awaits the decision it was sent for and is unchanged since
-- (docs/product/permissions.md). A link already sent keeps working when its quote is still referred and has not
-- changed since the link was made; any other existing link is given a version no quote has, so it has ended.
ALTER TABLE "review_tokens" ADD COLUMN "quote_version" integer;--> statement-breakpoint
UPDATE "review_tokens" AS t SET "quote_version" = CASE
    WHEN q."status" IN ('REFERRED', 'UW_REQUESTED') AND q."referred_at" IS NOT NULL AND t."created_at" >= q."referred_at"
      AND q."updated_at" <= t."created_at" THEN q."version"
    ELSE -1
  END
  FROM "quotes" AS q WHERE q."id" = t."quote_id";--> statement-breakpoint
UPDATE "review_tokens" SET "quote_version" = -1 WHERE "quote_version" IS NULL;--> statement-breakpoint
ALTER TABLE "review_tokens" ALTER COLUMN "quote_version" SET NOT NULL;
