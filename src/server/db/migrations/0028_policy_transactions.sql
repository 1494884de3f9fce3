CREATE TYPE "public"."policy_transaction_kind" AS ENUM('NEW_BUSINESS', 'RENEWAL', 'ADJUSTMENT', 'CANCELLATION');--> statement-breakpoint
CREATE TABLE "policy_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"kind" "policy_transaction_kind" NOT NULL,
	"effective_date" date NOT NULL,
	"base_premium" bigint NOT NULL,
	"fees" bigint NOT NULL,
	"taxes" bigint NOT NULL,
	"total_premium" bigint NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "policy_transactions" ADD CONSTRAINT "policy_transactions_policy_id_quotes_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_transactions_policy_sequence_idx" ON "policy_transactions" USING btree ("policy_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_transactions_one_cancellation_idx" ON "policy_transactions" USING btree ("policy_id") WHERE "policy_transactions"."kind" = 'CANCELLATION';--> statement-breakpoint
CREATE INDEX "policy_transactions_created_idx" ON "policy_transactions" USING btree ("created_at");--> statement-breakpoint
-- A policy's first transaction is its issue. The database writes it in the statement that issues the quote (or
-- inserts one already issued), so the issue stays one round trip and no issued policy is ever without its row.
CREATE FUNCTION policy_transactions_on_issue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'ISSUED' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'ISSUED') THEN
    INSERT INTO policy_transactions
      (policy_id, sequence, kind, effective_date, base_premium, fees, taxes, total_premium, created_at)
    VALUES (
      NEW.id, 1,
      (CASE WHEN NEW.renewal_of_id IS NULL THEN 'NEW_BUSINESS' ELSE 'RENEWAL' END)::policy_transaction_kind,
      NEW.inception_date, coalesce(NEW.base_premium, 0), coalesce(NEW.fees_total, 0), coalesce(NEW.taxes, 0),
      coalesce(NEW.total_premium, 0), coalesce(NEW.issued_at, now())
    )
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER quotes_policy_transaction_on_issue
  AFTER INSERT OR UPDATE OF status ON quotes FOR EACH ROW EXECUTE FUNCTION policy_transactions_on_issue();--> statement-breakpoint
-- Policies issued before this migration get their first transaction now, dated as they were issued.
INSERT INTO policy_transactions
  (policy_id, sequence, kind, effective_date, base_premium, fees, taxes, total_premium, created_at)
SELECT q.id, 1,
  (CASE WHEN q.renewal_of_id IS NULL THEN 'NEW_BUSINESS' ELSE 'RENEWAL' END)::policy_transaction_kind,
  q.inception_date, coalesce(q.base_premium, 0), coalesce(q.fees_total, 0), coalesce(q.taxes, 0),
  coalesce(q.total_premium, 0), coalesce(q.issued_at, q.updated_at)
FROM quotes q
WHERE q.status = 'ISSUED'
ON CONFLICT DO NOTHING;
