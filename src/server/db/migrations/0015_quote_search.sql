CREATE TABLE "quote_search" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"broker_id" uuid NOT NULL,
	"status" "quote_status" NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "quotes_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "quote_search" ADD CONSTRAINT "quote_search_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;
