CREATE TYPE "public"."quote_status" AS ENUM('DRAFT', 'QUOTED', 'REFERRED', 'UW_REQUESTED', 'UW_APPROVED', 'UW_DECLINED', 'ISSUED');--> statement-breakpoint
CREATE TYPE "public"."rating_version_status" AS ENUM('DRAFT', 'PUBLISHED');--> statement-breakpoint
CREATE TYPE "public"."underwriter_decision" AS ENUM('APPROVED', 'DECLINED', 'COUNTER');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('BROKER', 'UNDERWRITER', 'ADMIN');--> statement-breakpoint
CREATE SEQUENCE "public"."quote_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"action" text NOT NULL,
	"entity_id" text,
	"actor_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"email" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"logged_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text DEFAULT 'DCPI-' || lpad(nextval('quote_reference_seq')::text, 6, '0') NOT NULL,
	"status" "quote_status" DEFAULT 'DRAFT' NOT NULL,
	"product_code" text NOT NULL,
	"product_type" text,
	"proposer_name" text NOT NULL,
	"contact_email" text,
	"broker_id" uuid NOT NULL,
	"trading_name" text,
	"business_address" text,
	"inception_date" date NOT NULL,
	"incorporation_date" date,
	"number_of_directors" integer DEFAULT 1 NOT NULL,
	"number_of_qualified_staff" integer DEFAULT 0 NOT NULL,
	"has_financial_interest" boolean DEFAULT false NOT NULL,
	"financial_interest_details" text,
	"insureds_details" jsonb,
	"financial_overview" jsonb,
	"design_liability" jsonb,
	"activity_split" jsonb,
	"contracts" jsonb,
	"declaration" jsonb,
	"risk" jsonb,
	"turnover_band" text,
	"base_premium" bigint,
	"fees" jsonb,
	"fees_total" bigint,
	"taxes" bigint,
	"total_premium" bigint,
	"premium_overridden" boolean DEFAULT false NOT NULL,
	"override_base_premium" bigint,
	"rating_version_id" uuid,
	"rating_result" jsonb,
	"referral_reason" text,
	"referred_at" timestamp with time zone,
	"rated_at" timestamp with time zone,
	"decision" "underwriter_decision",
	"adjustment_multiplier" numeric(4, 2),
	"uw_note" text,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"policy_number" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "quotes_reference_unique" UNIQUE("reference"),
	CONSTRAINT "quotes_policy_number_unique" UNIQUE("policy_number")
);
--> statement-breakpoint
CREATE TABLE "rating_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"notes" text,
	"product_code" text NOT NULL,
	"json" jsonb NOT NULL,
	"status" "rating_version_status" DEFAULT 'DRAFT' NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"recipient" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "underwriter_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"underwriter_id" uuid NOT NULL,
	"decision" "underwriter_decision" NOT NULL,
	"multiplier" numeric(4, 2),
	"note" text,
	"base_premium_before" bigint,
	"total_premium_before" bigint,
	"base_premium_after" bigint,
	"total_premium_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" "user_role" NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_broker_id_users_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_rating_version_id_rating_versions_id_fk" FOREIGN KEY ("rating_version_id") REFERENCES "public"."rating_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_versions" ADD CONSTRAINT "rating_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_tokens" ADD CONSTRAINT "review_tokens_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underwriter_decisions" ADD CONSTRAINT "underwriter_decisions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "underwriter_decisions" ADD CONSTRAINT "underwriter_decisions_underwriter_id_users_id_fk" FOREIGN KEY ("underwriter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_action_idx" ON "audit_log" USING btree ("entity_type","action");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."sent_at" is null and "outbox"."logged_at" is null;--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status");--> statement-breakpoint
CREATE INDEX "quotes_broker_idx" ON "quotes" USING btree ("broker_id");--> statement-breakpoint
CREATE INDEX "quotes_updated_at_idx" ON "quotes" USING btree ("updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "quotes_reference_trgm_idx" ON "quotes" USING gin (lower("reference") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_proposer_trgm_idx" ON "quotes" USING gin (lower("proposer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_contact_email_trgm_idx" ON "quotes" USING gin (lower("contact_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rating_versions_effective_idx" ON "rating_versions" USING btree ("product_code","status","effective_from");--> statement-breakpoint
CREATE INDEX "review_tokens_quote_idx" ON "review_tokens" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "underwriter_decisions_quote_idx" ON "underwriter_decisions" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_live_unique" ON "users" USING btree ("email") WHERE "users"."deleted_at" is null;