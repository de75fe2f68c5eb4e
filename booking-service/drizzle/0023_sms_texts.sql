CREATE TABLE "local_sms_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"at" timestamp with time zone NOT NULL,
	"status_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"granted" boolean NOT NULL,
	"wording" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_daily_usage" (
	"scope" text NOT NULL,
	"day" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "sms_daily_usage_scope_day_pk" PRIMARY KEY("scope","day")
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_id" text,
	"to" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"useless_after" timestamp with time zone,
	"fallback_mail" jsonb,
	"provider_id" text,
	"error_code" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"status_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sms_messages_key_unique" UNIQUE("key"),
	CONSTRAINT "sms_messages_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
CREATE TABLE "sms_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"verified_phone" text,
	"verified_at" timestamp with time zone,
	"reminders" boolean DEFAULT false NOT NULL,
	"changes" boolean DEFAULT false NOT NULL,
	"waiting_list_offers" boolean DEFAULT false NOT NULL,
	"lesson_reports" boolean DEFAULT false NOT NULL,
	"quiet_from" text DEFAULT '21:00' NOT NULL,
	"quiet_to" text DEFAULT '08:00' NOT NULL,
	"stopped_at" timestamp with time zone,
	"stopped_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failures_in_row" integer DEFAULT 0 NOT NULL,
	"unreachable_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consents" ADD CONSTRAINT "sms_consents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_settings" ADD CONSTRAINT "sms_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_sms_messages_to_idx" ON "local_sms_messages" USING btree ("to","at");--> statement-breakpoint
CREATE INDEX "phone_verifications_user_created_idx" ON "phone_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "phone_verifications_phone_created_idx" ON "phone_verifications" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_consents_user_at_idx" ON "sms_consents" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sms_messages_due_idx" ON "sms_messages" USING btree ("not_before") WHERE "sms_messages"."status" in ('pending', 'held');--> statement-breakpoint
CREATE INDEX "sms_messages_user_created_idx" ON "sms_messages" USING btree ("user_id","created_at");