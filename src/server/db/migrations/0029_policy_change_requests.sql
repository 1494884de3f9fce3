CREATE TABLE "policy_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"status" text DEFAULT 'REFERRED' NOT NULL,
	"effective_date" date NOT NULL,
	"changes" jsonb NOT NULL,
	"figures" jsonb NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "policy_change_requests" ADD CONSTRAINT "policy_change_requests_policy_id_quotes_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_change_requests" ADD CONSTRAINT "policy_change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_change_requests" ADD CONSTRAINT "policy_change_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "policy_change_requests_one_pending_idx" ON "policy_change_requests" USING btree ("policy_id") WHERE "policy_change_requests"."status" = 'REFERRED';--> statement-breakpoint
CREATE INDEX "policy_change_requests_pending_idx" ON "policy_change_requests" USING btree ("requested_at") WHERE "policy_change_requests"."status" = 'REFERRED';