DROP INDEX "quotes_updated_at_id_idx";--> statement-breakpoint
DROP INDEX "quotes_broker_updated_at_idx";