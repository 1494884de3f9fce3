CREATE TABLE "firms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"fca_reference" text NOT NULL,
	"address" text NOT NULL,
	"commission_rate_basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firms_fca_reference_unique" UNIQUE("fca_reference")
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "firm_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "firm_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_firm_lead" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_firm_idx" ON "quotes" USING btree ("firm_id") WHERE "quotes"."firm_id" is not null;