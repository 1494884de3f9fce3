CREATE TABLE "impact_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"rating_version_id" uuid NOT NULL,
	"version_stamp" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"elapsed_ms" integer DEFAULT 0 NOT NULL,
	"error" text,
	"report" jsonb,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_by" text
);
--> statement-breakpoint
ALTER TABLE "impact_jobs" ADD CONSTRAINT "impact_jobs_rating_version_id_rating_versions_id_fk" FOREIGN KEY ("rating_version_id") REFERENCES "public"."rating_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "impact_jobs_version_idx" ON "impact_jobs" USING btree ("rating_version_id","version_stamp");