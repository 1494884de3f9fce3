CREATE TABLE "rating_receipt_configurations" (
	"hash" text PRIMARY KEY NOT NULL,
	"configuration" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rating_receipts" ADD COLUMN "configuration_hash" text;--> statement-breakpoint
-- Each configuration the receipts written so far hold, kept once, by the hash each receipt gives it.
INSERT INTO rating_receipt_configurations (hash, configuration, created_at)
  SELECT DISTINCT ON (hash) hash, configuration, created_at
  FROM (
    SELECT receipt::json -> 'hashes' ->> 'configuration' AS hash, receipt::json ->> 'configuration' AS configuration, created_at
    FROM rating_receipts
  ) AS held
  ORDER BY hash, created_at;--> statement-breakpoint
-- Those receipts then keep their text without the configuration, which is its first key in canonical order
-- ("engineVersion" comes next; inside the configuration's JSON string every quote is escaped, so the first
-- unescaped `,"engineVersion":` ends it). Immutable receipts are rewritten here once, with the guard lifted.
ALTER TABLE rating_receipts DISABLE TRIGGER rating_receipts_no_update_or_delete;--> statement-breakpoint
UPDATE rating_receipts
  SET configuration_hash = receipt::json -> 'hashes' ->> 'configuration',
    receipt = '{' || substr(receipt, strpos(receipt, ',"engineVersion":') + 1)
  WHERE receipt LIKE '{"configuration":"%';--> statement-breakpoint
ALTER TABLE rating_receipts ENABLE TRIGGER rating_receipts_no_update_or_delete;--> statement-breakpoint
ALTER TABLE "rating_receipts" ALTER COLUMN "configuration_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "rating_receipts" ADD CONSTRAINT "rating_receipts_configuration_hash_rating_receipt_configurations_hash_fk" FOREIGN KEY ("configuration_hash") REFERENCES "public"."rating_receipt_configurations"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A kept configuration is as immutable as the receipts that name it.
CREATE OR REPLACE FUNCTION rating_receipts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER rating_receipt_configurations_no_update_or_delete BEFORE UPDATE OR DELETE ON rating_receipt_configurations
  FOR EACH ROW EXECUTE FUNCTION rating_receipts_refuse_change();--> statement-breakpoint
CREATE TRIGGER rating_receipt_configurations_no_truncate BEFORE TRUNCATE ON rating_receipt_configurations
  FOR EACH STATEMENT EXECUTE FUNCTION rating_receipts_refuse_change();
