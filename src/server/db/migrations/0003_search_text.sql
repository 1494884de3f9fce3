DROP INDEX "quotes_updated_at_idx";--> statement-breakpoint
DROP INDEX "quotes_reference_trgm_idx";--> statement-breakpoint
DROP INDEX "quotes_proposer_trgm_idx";--> statement-breakpoint
DROP INDEX "quotes_contact_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "search_text" text;--> statement-breakpoint
CREATE INDEX "quotes_updated_at_id_idx" ON "quotes" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotes_broker_updated_at_idx" ON "quotes" USING btree ("broker_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotes_search_text_trgm_idx" ON "quotes" USING gin ("search_text" gin_trgm_ops);