-- Pupils (issue 14, docs/decisions/048): a seat, a booking and a checkout item are for one pupil
-- of the account. Every existing account gets one pupil named after the account holder (year
-- group unknown), and its bookings and checkout items point at it.
CREATE TABLE "pupils" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"year_group" text,
	"email" text,
	"consent_recorded_at" timestamp with time zone,
	"consent_policy_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pupils" ADD CONSTRAINT "pupils_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pupils_user_id_idx" ON "pupils" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "account_type" text DEFAULT 'parent' NOT NULL;--> statement-breakpoint
INSERT INTO "pupils" ("user_id", "name", "created_at") SELECT "id", "name", "created_at" FROM "user";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pupil_id" uuid;--> statement-breakpoint
UPDATE "bookings" SET "pupil_id" = "pupils"."id" FROM "pupils" WHERE "pupils"."user_id" = "bookings"."user_id";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "pupil_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "pupil_id" uuid;--> statement-breakpoint
UPDATE "checkout_items" SET "pupil_id" = "pupils"."id" FROM "checkouts", "pupils" WHERE "checkouts"."id" = "checkout_items"."checkout_id" AND "pupils"."user_id" = "checkouts"."user_id";--> statement-breakpoint
ALTER TABLE "checkout_items" ALTER COLUMN "pupil_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD CONSTRAINT "checkout_items_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_items" DROP CONSTRAINT "checkout_items_checkout_id_session_id_pk";--> statement-breakpoint
ALTER TABLE "checkout_items" ADD CONSTRAINT "checkout_items_checkout_id_session_id_pupil_id_pk" PRIMARY KEY("checkout_id","session_id","pupil_id");--> statement-breakpoint
DROP INDEX "bookings_one_confirmed_per_user_session";--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_one_confirmed_per_pupil_session" ON "bookings" USING btree ("pupil_id","session_id") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "bookings_pupil_id_idx" ON "bookings" USING btree ("pupil_id");
