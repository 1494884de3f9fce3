CREATE TYPE "public"."subjectivity_status" AS ENUM('OPEN', 'SATISFIED', 'WAIVED');--> statement-breakpoint
CREATE TYPE "public"."subjectivity_timing" AS ENUM('PRE_BIND', 'POST_BIND');--> statement-breakpoint
CREATE TABLE "endorsement_clauses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"wording" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_endorsements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"decision_id" uuid NOT NULL,
	"clause_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_subjectivities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"decision_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"timing" "subjectivity_timing" NOT NULL,
	"due_date" date NOT NULL,
	"status" "subjectivity_status" DEFAULT 'OPEN' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "endorsement_clauses" ADD CONSTRAINT "endorsement_clauses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_endorsements" ADD CONSTRAINT "quote_endorsements_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_endorsements" ADD CONSTRAINT "quote_endorsements_decision_id_underwriter_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."underwriter_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_endorsements" ADD CONSTRAINT "quote_endorsements_clause_id_endorsement_clauses_id_fk" FOREIGN KEY ("clause_id") REFERENCES "public"."endorsement_clauses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_subjectivities" ADD CONSTRAINT "quote_subjectivities_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_subjectivities" ADD CONSTRAINT "quote_subjectivities_decision_id_underwriter_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."underwriter_decisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_subjectivities" ADD CONSTRAINT "quote_subjectivities_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "endorsement_clauses_code_version_unique" ON "endorsement_clauses" USING btree ("code","version");--> statement-breakpoint
CREATE INDEX "quote_endorsements_decision_idx" ON "quote_endorsements" USING btree ("decision_id","position");--> statement-breakpoint
CREATE INDEX "quote_subjectivities_decision_idx" ON "quote_subjectivities" USING btree ("decision_id","position");--> statement-breakpoint
CREATE INDEX "quote_subjectivities_open_due_idx" ON "quote_subjectivities" USING btree ("due_date") WHERE "quote_subjectivities"."status" = 'OPEN' and "quote_subjectivities"."timing" = 'POST_BIND';