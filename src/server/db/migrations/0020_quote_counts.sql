CREATE TABLE "quote_counts" (
	"broker_id" uuid NOT NULL,
	"status" "quote_status" NOT NULL,
	"quotes" integer NOT NULL,
	CONSTRAINT "quote_counts_broker_id_status_pk" PRIMARY KEY("broker_id","status")
);
