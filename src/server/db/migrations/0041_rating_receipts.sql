CREATE TYPE "public"."rating_receipt_kind" AS ENUM('RATING', 'ADJUSTMENT', 'ISSUE');--> statement-breakpoint
CREATE TABLE "rating_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" "rating_receipt_kind" NOT NULL,
	"policy_sequence" integer,
	"hash" text NOT NULL,
	"engine_version" text NOT NULL,
	"receipt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rating_receipts" ADD CONSTRAINT "rating_receipts_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_receipts_quote_idx" ON "rating_receipts" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE INDEX "rating_receipts_hash_idx" ON "rating_receipts" USING btree ("hash");--> statement-breakpoint
-- A rating receipt is immutable (docs/product/receipts.md): no UPDATE, DELETE or TRUNCATE, whoever asks.
CREATE FUNCTION rating_receipts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'rating_receipts is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER rating_receipts_no_update_or_delete BEFORE UPDATE OR DELETE ON rating_receipts
  FOR EACH ROW EXECUTE FUNCTION rating_receipts_refuse_change();--> statement-breakpoint
CREATE TRIGGER rating_receipts_no_truncate BEFORE TRUNCATE ON rating_receipts
  FOR EACH STATEMENT EXECUTE FUNCTION rating_receipts_refuse_change();
