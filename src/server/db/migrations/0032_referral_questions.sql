CREATE TABLE "referral_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"question" text NOT NULL,
	"asked_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answer" text,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "referral_questions" ADD CONSTRAINT "referral_questions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_questions" ADD CONSTRAINT "referral_questions_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_questions" ADD CONSTRAINT "referral_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_questions_quote_idx" ON "referral_questions" USING btree ("quote_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_questions_one_open_idx" ON "referral_questions" USING btree ("quote_id") WHERE "referral_questions"."answered_at" is null and "referral_questions"."closed_at" is null;