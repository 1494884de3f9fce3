ALTER TABLE "quotes" ADD COLUMN "renewal_of_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "declaration_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_renewal_of_id_quotes_id_fk" FOREIGN KEY ("renewal_of_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_issued_inception_idx" ON "quotes" USING btree ("inception_date") WHERE "quotes"."status" = 'ISSUED';--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_renewal_of_id_unique" UNIQUE("renewal_of_id");