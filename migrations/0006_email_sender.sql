-- The outbox gets a sender (docs/decisions/009-email-sender.md). A row is the rendered
-- message; `status` is 'pending' until Cloudflare Email Service accepts it ('sent', with its
-- message id) or the last attempt failed ('failed'). A drain claims a pending row by
-- counting the attempt and moving `next_attempt_at` past its lease in one statement, so two
-- drains never send one row; a failure moves it to the next retry with backoff.
ALTER TABLE email_outbox ADD COLUMN html TEXT;
ALTER TABLE email_outbox ADD COLUMN template TEXT;
ALTER TABLE email_outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'pending'
  CHECK (status IN ('pending', 'sent', 'failed'));
ALTER TABLE email_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0
  CHECK (typeof(attempts) = 'integer' AND attempts >= 0);
-- Due at once unless set: a constant default, as ALTER TABLE requires.
ALTER TABLE email_outbox ADD COLUMN next_attempt_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z';
ALTER TABLE email_outbox ADD COLUMN last_error TEXT;
ALTER TABLE email_outbox ADD COLUMN message_id TEXT;

-- Rows queued before the sender existed: the ones already marked sent stay sent.
UPDATE email_outbox SET status = 'sent' WHERE sent_at IS NOT NULL;

DROP INDEX email_outbox_pending;
-- What a drain claims: pending rows by due time.
CREATE INDEX email_outbox_due ON email_outbox (status, next_attempt_at);
