CREATE TABLE "local_recordings" (
	"id" text PRIMARY KEY NOT NULL,
	"room" text NOT NULL,
	"file_key" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_room_members" (
	"room" text NOT NULL,
	"identity" text NOT NULL,
	"name" text NOT NULL,
	"host" boolean NOT NULL,
	"joined_at" timestamp with time zone,
	"seen_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	CONSTRAINT "local_room_members_room_identity_pk" PRIMARY KEY("room","identity")
);
--> statement-breakpoint
CREATE TABLE "local_rooms" (
	"name" text PRIMARY KEY NOT NULL,
	"max_participants" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "recording_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recording_id" uuid NOT NULL,
	"viewer_user_id" text NOT NULL,
	"viewer_role" text NOT NULL,
	"booking_id" uuid,
	"viewed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"provider_recording_id" text NOT NULL,
	"file_key" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"bytes" bigint,
	"delete_after" timestamp with time zone NOT NULL,
	"delete_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recordings_provider_recording_id_unique" UNIQUE("provider_recording_id")
);
--> statement-breakpoint
CREATE TABLE "session_rooms" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"room_name" text NOT NULL,
	"ensured_at" timestamp with time zone,
	"ensure_attempts" integer DEFAULT 0 NOT NULL,
	"ensure_error" text,
	"next_attempt_at" timestamp with time zone,
	"fallback_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"opened_by_tutor_id" uuid,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_rooms_room_name_unique" UNIQUE("room_name")
);
--> statement-breakpoint
ALTER TABLE "pupils" ADD COLUMN "recording_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pupils" ADD COLUMN "recording_consent_version" text;--> statement-breakpoint
ALTER TABLE "weekly_classes" ADD COLUMN "record_lessons" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "local_room_members" ADD CONSTRAINT "local_room_members_room_local_rooms_name_fk" FOREIGN KEY ("room") REFERENCES "public"."local_rooms"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_views" ADD CONSTRAINT "recording_views_recording_id_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_views" ADD CONSTRAINT "recording_views_viewer_user_id_user_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recording_views" ADD CONSTRAINT "recording_views_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_rooms" ADD CONSTRAINT "session_rooms_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_rooms" ADD CONSTRAINT "session_rooms_opened_by_tutor_id_tutors_id_fk" FOREIGN KEY ("opened_by_tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recording_views_recording_viewer_idx" ON "recording_views" USING btree ("recording_id","viewer_user_id");--> statement-breakpoint
CREATE INDEX "recording_views_viewer_idx" ON "recording_views" USING btree ("viewer_user_id");--> statement-breakpoint
CREATE INDEX "recordings_session_id_idx" ON "recordings" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "recordings_delete_after_idx" ON "recordings" USING btree ("delete_after");--> statement-breakpoint
CREATE UNIQUE INDEX "recordings_one_running_key" ON "recordings" USING btree ("session_id") WHERE "recordings"."status" = 'recording';