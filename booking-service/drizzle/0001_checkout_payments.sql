ALTER TABLE "checkouts" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_user_id_idx" ON "bookings" USING btree ("user_id");