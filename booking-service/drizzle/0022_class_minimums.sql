ALTER TABLE "bookings" ADD COLUMN "merge_cancel_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "weekly_classes" ADD COLUMN "min_pupils" integer;--> statement-breakpoint
ALTER TABLE "weekly_classes" ADD COLUMN "decision_hours_before" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_classes" ADD COLUMN "minimum_set_at" timestamp with time zone;