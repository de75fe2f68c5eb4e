DROP INDEX "sessions_service_starts_at_key";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "adult_nearby" boolean;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'group' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "tutor_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_one_to_one_tutor_starts_at_idx" ON "sessions" USING btree ("tutor_id","starts_at") WHERE "sessions"."kind" = 'one-to-one';--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_service_starts_at_key" ON "sessions" USING btree ("service","starts_at") WHERE "sessions"."kind" = 'group';