-- Admin reads at years of history (docs/decisions/075): trigram search needs pg_trgm, which
-- PostgreSQL and Neon ship and PGlite loads as an extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "revenue_months" (
	"month" text PRIMARY KEY NOT NULL,
	"pence" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "confirmed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_confirmed_session_id_idx" ON "bookings" USING btree ("session_id") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
CREATE INDEX "checkouts_revenue_paid_at_idx" ON "checkouts" USING btree (coalesce("paid_at", "updated_at")) WHERE "checkouts"."status" = 'paid' and "checkouts"."refunded_at" is null;--> statement-breakpoint
CREATE INDEX "checkouts_pending_expires_at_idx" ON "checkouts" USING btree ("expires_at") WHERE "checkouts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sessions_starts_at_id_idx" ON "sessions" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "sessions_confirmed_count_starts_at_id_idx" ON "sessions" USING btree ("confirmed_count","starts_at","id");--> statement-breakpoint
CREATE INDEX "mail_messages_lower_to_idx" ON "mail_messages" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "pupils_name_trgm_idx" ON "pupils" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_created_at_id_idx" ON "user" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "user_name_trgm_idx" ON "user" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- sessions.confirmed_count follows every change to a booking's status or session. The seat
-- ledger holds the session rows' locks already when it writes bookings, so this takes none new.
CREATE FUNCTION bookings_keep_confirmed_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'confirmed' THEN
    UPDATE sessions SET confirmed_count = confirmed_count - 1 WHERE id = OLD.session_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'confirmed' THEN
    UPDATE sessions SET confirmed_count = confirmed_count + 1 WHERE id = NEW.session_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER bookings_confirmed_count_insert_delete AFTER INSERT OR DELETE ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_keep_confirmed_count();--> statement-breakpoint
CREATE TRIGGER bookings_confirmed_count_update AFTER UPDATE OF status, session_id ON bookings
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.session_id IS DISTINCT FROM NEW.session_id)
  EXECUTE FUNCTION bookings_keep_confirmed_count();--> statement-breakpoint
UPDATE sessions s SET confirmed_count = c.n
  FROM (SELECT session_id, count(*) AS n FROM bookings WHERE status = 'confirmed'
        GROUP BY session_id) c
  WHERE c.session_id = s.id;--> statement-breakpoint
-- revenue_months follows every paid, unrefunded checkout, by the London month it was paid in.
-- Deferred to commit, so the month's row is the last lock a payment or refund takes and no
-- two of them can wait on each other for it.
CREATE FUNCTION checkouts_keep_revenue_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.refunded_at IS NULL THEN
    UPDATE revenue_months SET pence = pence - OLD.amount_pence
      WHERE month = to_char(coalesce(OLD.paid_at, OLD.updated_at) AT TIME ZONE 'Europe/London', 'YYYY-MM');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'paid' AND NEW.refunded_at IS NULL THEN
    INSERT INTO revenue_months (month, pence)
      VALUES (to_char(coalesce(NEW.paid_at, NEW.updated_at) AT TIME ZONE 'Europe/London', 'YYYY-MM'),
              NEW.amount_pence)
      ON CONFLICT (month) DO UPDATE SET pence = revenue_months.pence + EXCLUDED.pence;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER checkouts_revenue_months AFTER INSERT OR UPDATE OR DELETE ON checkouts
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION checkouts_keep_revenue_months();--> statement-breakpoint
INSERT INTO revenue_months (month, pence)
  SELECT to_char(coalesce(paid_at, updated_at) AT TIME ZONE 'Europe/London', 'YYYY-MM'), sum(amount_pence)
  FROM checkouts WHERE status = 'paid' AND refunded_at IS NULL
  GROUP BY 1;
