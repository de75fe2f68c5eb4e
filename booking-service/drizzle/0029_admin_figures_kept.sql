CREATE TABLE "admin_figures" (
	"shard" smallint PRIMARY KEY NOT NULL,
	"accounts" bigint DEFAULT 0 NOT NULL,
	"booked_seats" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "admin_figures_shard" CHECK ("admin_figures"."shard" between 0 and 1023)
);
--> statement-breakpoint
-- The admin summary's accounts count and seats booked, kept in 1,024 shards (docs/decisions/118),
-- so the summary sums 1,024 rows instead of every account and every booked session. A row's
-- changes go to the shard of its id: only the sum means anything, and a transaction that
-- changes many rows spreads its updates instead of chaining thousands of versions of one row.
-- Half of each page left free, so an update can usually write its new version beside the old
-- one (a HOT update) and page pruning keeps the table at its live size.
ALTER TABLE admin_figures SET (fillfactor = 50);--> statement-breakpoint
INSERT INTO admin_figures (shard) SELECT generate_series(0, 1023);--> statement-breakpoint
UPDATE admin_figures f SET accounts = c.n
  FROM (SELECT hashtext(id) & 1023 AS shard, count(*) AS n FROM "user" GROUP BY 1) c
  WHERE f.shard = c.shard;--> statement-breakpoint
UPDATE admin_figures f SET booked_seats = c.n
  FROM (SELECT hashtext(id::text) & 1023 AS shard, sum(confirmed_count) AS n FROM sessions GROUP BY 1) c
  WHERE f.shard = c.shard;--> statement-breakpoint
-- Every account row made or removed (a deletion anonymises and keeps the row; retention and
-- cascades remove it). Deferred to commit like revenue_months (docs/decisions/075), after the
-- figures' advisory lock (below).
CREATE FUNCTION user_keep_admin_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('admin_figures'));
  IF TG_OP = 'INSERT' THEN
    UPDATE admin_figures SET accounts = accounts + 1 WHERE shard = hashtext(NEW.id) & 1023;
  ELSE
    UPDATE admin_figures SET accounts = accounts - 1 WHERE shard = hashtext(OLD.id) & 1023;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_admin_accounts AFTER INSERT OR DELETE ON "user"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION user_keep_admin_accounts();--> statement-breakpoint
-- Seats booked follow sessions.confirmed_count (itself kept by the bookings trigger of 0009):
-- each change of a session's count, and a session made or removed with a count (bookings hold
-- their session, so it has none left by then; kept for a repair by hand), at commit.
CREATE FUNCTION sessions_keep_admin_booked_seats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('UPDATE', 'INSERT') THEN delta := delta + NEW.confirmed_count; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN delta := delta - OLD.confirmed_count; END IF;
  IF delta <> 0 THEN
    PERFORM pg_advisory_xact_lock(hashtext('admin_figures'));
    UPDATE admin_figures SET booked_seats = booked_seats + delta
      WHERE shard = hashtext(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END::text) & 1023;
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
-- One advisory lock is the first figures lock every commit takes: the revenue triggers take it
-- before their month's row, as the triggers above do before a shard, so a payment (month row,
-- then a shard) and a cancel with a refund (a shard, then the month row) committing at once
-- queue on it instead of deadlocking. It is held from the first figures trigger to the commit.
CREATE OR REPLACE FUNCTION checkouts_keep_revenue_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'paid' AND OLD.refunded_at IS NULL)
     OR (TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'paid' AND NEW.refunded_at IS NULL) THEN
    PERFORM pg_advisory_xact_lock(hashtext('admin_figures'));
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
  PERFORM pg_advisory_xact_lock(hashtext('admin_figures'));
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
