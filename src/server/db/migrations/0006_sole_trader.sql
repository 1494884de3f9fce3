ALTER TABLE "quotes" ADD COLUMN "is_sole_trader" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "trading_since" date;