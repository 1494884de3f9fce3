-- Run-off cover (docs/product/life-cycle.md "Run-off"): the period in whole years, the policy it was quoted from
-- (one run-off per policy) and that policy's last annual base premium. Every existing quote is annual: all null.
ALTER TABLE "quotes" ADD COLUMN "run_off_years" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "run_off_of_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "run_off_annual_premium" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_run_off_of_id_quotes_id_fk" FOREIGN KEY ("run_off_of_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_run_off_of_id_unique" UNIQUE("run_off_of_id");--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_run_off_years_check" CHECK ("quotes"."run_off_years" between 1 and 12);