CREATE TABLE "credit_expiry_notices" (
	"lot_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_expiry_notices_lot_id_days_before_pk" PRIMARY KEY("lot_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"change" integer NOT NULL,
	"reason" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"checkout_id" uuid,
	"session_id" uuid,
	"pupil_id" uuid,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "credit_lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"pack_id" text,
	"checkout_id" uuid,
	"sessions" integer NOT NULL,
	"remaining" integer NOT NULL,
	"price_paid_pence" integer NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_wallets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "credit_lot_id" uuid;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD COLUMN "paid_with_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "credit_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "pack_id" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "pack_name" text;--> statement-breakpoint
ALTER TABLE "credit_expiry_notices" ADD CONSTRAINT "credit_expiry_notices_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_wallets" ADD CONSTRAINT "credit_wallets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_user_at_idx" ON "credit_ledger" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "credit_ledger_checkout_idx" ON "credit_ledger" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "credit_lots_user_expires_idx" ON "credit_lots" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "credit_lots_live_expires_idx" ON "credit_lots" USING btree ("expires_at") WHERE "credit_lots"."remaining" > 0;--> statement-breakpoint
-- Credit is never created or destroyed by a bad write (docs/decisions/077): a lot's remaining
-- sessions stay between none and what it started with, and a ledger entry, once written, is
-- never changed (rows go only with their account, when retention deletes it).
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_remaining_in_range" CHECK ("remaining" >= 0 AND "remaining" <= "sessions");--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_change_not_zero" CHECK ("change" <> 0);--> statement-breakpoint
CREATE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'credit_ledger is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_update" BEFORE UPDATE ON "credit_ledger"
	FOR EACH ROW EXECUTE FUNCTION "credit_ledger_append_only"();
