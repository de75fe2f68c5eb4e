CREATE TABLE "scheduled_runs" (
	"job" text PRIMARY KEY NOT NULL,
	"tick" bigint NOT NULL,
	"instance" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"last_error" text,
	"claims" integer DEFAULT 1 NOT NULL
);
