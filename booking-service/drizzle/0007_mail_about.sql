ALTER TABLE "mail_messages" ADD COLUMN "about" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_messages_about_idx" ON "mail_messages" USING gin ("about");