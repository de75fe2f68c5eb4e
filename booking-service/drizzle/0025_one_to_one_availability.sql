CREATE TABLE "tutor_availability" (
	"tutor_id" uuid PRIMARY KEY NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exceptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_busy_intervals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tutor_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_calendars" (
	"tutor_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_error" text,
	"content_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_one_to_one_settings" (
	"tutor_id" uuid PRIMARY KEY NOT NULL,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_pence_per_hour" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_availability" ADD CONSTRAINT "tutor_availability_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_busy_intervals" ADD CONSTRAINT "tutor_busy_intervals_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_calendars" ADD CONSTRAINT "tutor_calendars_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_one_to_one_settings" ADD CONSTRAINT "tutor_one_to_one_settings_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutor_busy_intervals_tutor_starts_idx" ON "tutor_busy_intervals" USING btree ("tutor_id","starts_at");