CREATE TABLE "quote_rating_inputs" (
	"quote_id" uuid PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"reference" text NOT NULL,
	"rating_version_id" uuid NOT NULL,
	"rated_at" timestamp with time zone NOT NULL,
	"inputs" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_rating_inputs" ADD CONSTRAINT "quote_rating_inputs_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_rating_inputs_scope_idx" ON "quote_rating_inputs" USING btree ("product_code","rated_at","quote_id");