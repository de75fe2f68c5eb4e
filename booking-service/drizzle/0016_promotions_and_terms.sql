CREATE TABLE "business_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sibling_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"max_redemptions" integer,
	"per_account_limit" integer,
	"first_time_pupils_only" boolean DEFAULT false NOT NULL,
	"services" jsonb,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"checkout_id" uuid,
	"user_id" text,
	"pupil_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"discount_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reenrolment_notices" (
	"enrolment_id" uuid NOT NULL,
	"next_term_id" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reenrolment_notices_enrolment_id_next_term_id_pk" PRIMARY KEY("enrolment_id","next_term_id")
);
--> statement-breakpoint
CREATE TABLE "term_enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"checkout_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"pupil_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"term_id" text NOT NULL,
	"term_name" text NOT NULL,
	"price_pence_per_session" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "price_pence" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_label" text;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reenrolment_notices" ADD CONSTRAINT "reenrolment_notices_enrolment_id_term_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."term_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_enrolments" ADD CONSTRAINT "term_enrolments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_enrolments" ADD CONSTRAINT "term_enrolments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_enrolments" ADD CONSTRAINT "term_enrolments_pupil_id_pupils_id_fk" FOREIGN KEY ("pupil_id") REFERENCES "public"."pupils"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_enrolments" ADD CONSTRAINT "term_enrolments_class_id_weekly_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."weekly_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_redemptions_code_idx" ON "promo_redemptions" USING btree ("promo_code_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_checkout_key" ON "promo_redemptions" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "term_enrolments_checkout_pupil_key" ON "term_enrolments" USING btree ("checkout_id","pupil_id");--> statement-breakpoint
CREATE INDEX "term_enrolments_class_term_idx" ON "term_enrolments" USING btree ("class_id","term_id");--> statement-breakpoint
CREATE INDEX "term_enrolments_user_idx" ON "term_enrolments" USING btree ("user_id");--> statement-breakpoint
-- Codes, redemptions, the one settings row and per-seat prices (docs/decisions/082, 083).
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_value_check" CHECK (("kind" = 'percent' AND "value" BETWEEN 1 AND 100) OR ("kind" = 'fixed' AND "value" > 0) OR ("kind" = 'free-session' AND "value" = 0));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_code_check" CHECK ("code" = upper("code") AND length("code") BETWEEN 3 AND 40);--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_limits_check" CHECK (("max_redemptions" IS NULL OR "max_redemptions" > 0) AND ("per_account_limit" IS NULL OR "per_account_limit" > 0));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_window_check" CHECK ("valid_from" IS NULL OR "valid_to" IS NULL OR "valid_to" > "valid_from");--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_discount_check" CHECK ("discount_pence" >= 0);--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_one_row_check" CHECK ("id" = 1);--> statement-breakpoint
ALTER TABLE "business_settings" ADD CONSTRAINT "business_settings_sibling_check" CHECK ("sibling_percent" BETWEEN 0 AND 50);--> statement-breakpoint
INSERT INTO "business_settings" ("id", "sibling_percent") VALUES (1, 0);--> statement-breakpoint
ALTER TABLE "checkout_items" ADD CONSTRAINT "checkout_items_price_check" CHECK ("price_pence" IS NULL OR "price_pence" >= 0);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_discount_check" CHECK ("discount_pence" >= 0);--> statement-breakpoint
ALTER TABLE "term_enrolments" ADD CONSTRAINT "term_enrolments_price_check" CHECK ("price_pence_per_session" >= 0);
