CREATE TABLE "cover_notices" (
	"session_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"tutor_id" uuid NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cover_notices_session_id_user_id_tutor_id_pk" PRIMARY KEY("session_id","user_id","tutor_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_report_notes" (
	"session_id" uuid NOT NULL,
	"pupil_id" uuid NOT NULL,
	"note" text NOT NULL,
	"sent_note" text,
	CONSTRAINT "lesson_report_notes_session_id_pupil_id_pk" PRIMARY KEY("session_id","pupil_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_reports" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"tutor_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"homework" text NOT NULL,
	"resources" text,
	"staff_note" text,
	"sent_topic" text,
	"sent_homework" text,
	"sent_resources" text,
	"sent_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"changed_since_sent" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_pay_lines" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"tutor_id" uuid NOT NULL,
	"role" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"pupils_attended" integer NOT NULL,
	"per_session_pence" integer NOT NULL,
	"per_pupil_pence" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_reminders" (
	"tutor_id" uuid NOT NULL,
	"on_date" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tutor_reminders_tutor_id_on_date_pk" PRIMARY KEY("tutor_id","on_date")
);
--> statement-breakpoint
CREATE TABLE "tutors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"invited_by" text,
	"invited_at" timestamp with time zone NOT NULL,
	"deactivated_at" timestamp with time zone,
	"per_session_pence" integer DEFAULT 0 NOT NULL,
	"per_pupil_pence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tutors_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cover_tutor_id" uuid;--> statement-breakpoint
ALTER TABLE "weekly_classes" ADD COLUMN "lead_tutor_id" uuid;--> statement-breakpoint
ALTER TABLE "cover_notices" ADD CONSTRAINT "cover_notices_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_notices" ADD CONSTRAINT "cover_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_notices" ADD CONSTRAINT "cover_notices_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_report_notes" ADD CONSTRAINT "lesson_report_notes_session_id_lesson_reports_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."lesson_reports"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_report_notes" ADD CONSTRAINT "lesson_report_notes_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_pay_lines" ADD CONSTRAINT "tutor_pay_lines_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_pay_lines" ADD CONSTRAINT "tutor_pay_lines_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_reminders" ADD CONSTRAINT "tutor_reminders_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_report_notes_pupil_id_idx" ON "lesson_report_notes" USING btree ("pupil_id");--> statement-breakpoint
CREATE INDEX "tutor_pay_lines_tutor_starts_at_idx" ON "tutor_pay_lines" USING btree ("tutor_id","starts_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_cover_tutor_id_tutors_id_fk" FOREIGN KEY ("cover_tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_classes" ADD CONSTRAINT "weekly_classes_lead_tutor_id_tutors_id_fk" FOREIGN KEY ("lead_tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Rates are never negative, and a pay line is a lead's or a cover's (docs/decisions/079).
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_rates_check" CHECK ("per_session_pence" >= 0 AND "per_pupil_pence" >= 0);--> statement-breakpoint
ALTER TABLE "tutor_pay_lines" ADD CONSTRAINT "tutor_pay_lines_role_check" CHECK ("role" IN ('lead', 'cover'));
