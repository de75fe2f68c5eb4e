ALTER TABLE "revenue_months" ADD COLUMN "refunded_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- revenue_months.refunded_pence follows every refund decided, by the London month of its
-- requested_at (docs/decisions/114). Deferred to commit like revenue_months.pence
-- (docs/decisions/075), so the month's row is the last lock a refund takes.
CREATE FUNCTION payment_refunds_keep_refunded_months() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payment_refunds_refunded_months
  AFTER INSERT OR DELETE OR UPDATE OF amount_pence, requested_at ON payment_refunds
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION payment_refunds_keep_refunded_months();--> statement-breakpoint
INSERT INTO revenue_months (month, refunded_pence)
  SELECT to_char(requested_at AT TIME ZONE 'Europe/London', 'YYYY-MM'), sum(amount_pence)
  FROM payment_refunds GROUP BY 1
  ON CONFLICT (month) DO UPDATE SET refunded_pence = EXCLUDED.refunded_pence;
