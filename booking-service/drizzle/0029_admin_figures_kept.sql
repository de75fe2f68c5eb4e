CREATE TABLE "admin_figures" (
	"id" integer PRIMARY KEY NOT NULL,
	"accounts" bigint DEFAULT 0 NOT NULL,
	"booked_seats" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_figures_one_row" CHECK ("admin_figures"."id" = 1)
);
--> statement-breakpoint
-- The admin summary's accounts count and seats booked, kept in one row (docs/decisions/118),
-- so the summary reads a row instead of every account and every booked session.
INSERT INTO admin_figures (id, accounts, booked_seats)
  VALUES (1, (SELECT count(*) FROM "user"), (SELECT coalesce(sum(confirmed_count), 0) FROM sessions));--> statement-breakpoint
-- Every account row made or removed (a deletion anonymises and keeps the row; retention and
-- cascades remove it). Deferred to commit like revenue_months (docs/decisions/075).
CREATE FUNCTION user_keep_admin_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE admin_figures SET accounts = accounts + CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END
    WHERE id = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_admin_accounts AFTER INSERT OR DELETE ON "user"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION user_keep_admin_accounts();--> statement-breakpoint
-- Seats booked follow sessions.confirmed_count (itself kept by the bookings trigger of 0009):
-- each change of a session's count, a session made with seats or removed with them (a
-- cascade deletes its bookings after the row, so their decrements find no row), at commit.
CREATE FUNCTION sessions_keep_admin_booked_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'INSERT') THEN delta := delta + NEW.confirmed_count; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN delta := delta - OLD.confirmed_count; END IF;
  IF delta <> 0 THEN
    UPDATE admin_figures SET booked_seats = booked_seats + delta WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sessions_admin_booked_seats_insert_delete AFTER INSERT OR DELETE ON sessions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION sessions_keep_admin_booked_seats();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sessions_admin_booked_seats_update AFTER UPDATE OF confirmed_count ON sessions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (OLD.confirmed_count IS DISTINCT FROM NEW.confirmed_count)
  EXECUTE FUNCTION sessions_keep_admin_booked_seats();--> statement-breakpoint
-- The figures row is the first figures lock every commit takes: the revenue triggers take it
-- before their month's row, so a payment (month row, then seats) and a cancel with a refund
-- (seats, then month row) committing at once queue on it instead of deadlocking.
CREATE OR REPLACE FUNCTION checkouts_keep_revenue_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.refunded_at IS NULL)
     OR (TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'paid' AND NEW.refunded_at IS NULL) THEN
    PERFORM 1 FROM admin_figures WHERE id = 1 FOR NO KEY UPDATE;
  END IF;
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
CREATE OR REPLACE FUNCTION payment_refunds_keep_refunded_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM admin_figures WHERE id = 1 FOR NO KEY UPDATE;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE revenue_months SET refunded_pence = refunded_pence - OLD.amount_pence
      WHERE month = to_char(OLD.requested_at AT TIME ZONE 'Europe/London', 'YYYY-MM');
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO revenue_months (month, refunded_pence)
      VALUES (to_char(NEW.requested_at AT TIME ZONE 'Europe/London', 'YYYY-MM'), NEW.amount_pence)
      ON CONFLICT (month) DO UPDATE
        SET refunded_pence = revenue_months.refunded_pence + EXCLUDED.refunded_pence;
  END IF;
  RETURN NULL;
END $$;
