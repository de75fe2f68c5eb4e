CREATE TABLE "mail_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid,
	"recipient" text NOT NULL,
	"about" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_recipients_recipient_queued_at_idx" ON "mail_recipients" USING btree ("recipient","queued_at");--> statement-breakpoint
CREATE INDEX "mail_recipients_about_idx" ON "mail_recipients" USING gin ("about");--> statement-breakpoint
CREATE INDEX "mail_recipients_about_queued_at_idx" ON "mail_recipients" USING btree ("queued_at") WHERE "mail_recipients"."about" <> '{}'::text[];--> statement-breakpoint
-- Backfill (docs/decisions/076): every mailbox message (local mode), then the outbox jobs pg-boss
-- still holds that the mailbox does not: those not yet delivered, and in Resend mode (an empty
-- mailbox) the delivered ones too. Jobs queued before `about` existed name the enquiry's
-- sender only in their reply-to, so it joins `about` here. The dead-letter queue holds copies
-- of failed jobs already counted, so it is left out.
INSERT INTO "mail_recipients" ("recipient", "about", "subject", "queued_at")
  SELECT lower(trim("to")), "about", "subject", "created_at" FROM "mail_messages";--> statement-breakpoint
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    EXECUTE $backfill$
      INSERT INTO mail_recipients (job_id, recipient, about, subject, queued_at)
      SELECT id, lower(trim(data->>'to')),
        array(SELECT lower(trim(a)) FROM jsonb_array_elements_text(
                CASE WHEN jsonb_typeof(data->'about') = 'array' THEN data->'about' ELSE '[]'::jsonb END) a
              UNION SELECT lower(trim(data->>'replyTo')) WHERE data ? 'replyTo'),
        coalesce(data->>'subject', ''), created_on
      FROM pgboss.job
      WHERE name = 'mail' AND data ? 'to'
        AND (state <> 'completed' OR NOT EXISTS (SELECT 1 FROM mail_messages))
    $backfill$;
  END IF;
END $$;
