-- Review request emails (issue 41, decision 047): one per delivered order, a few days after delivery,
-- sent by the Cron in bounded runs. A row here says the order's request is done, however it ended,
-- so no later run reads the order again.
CREATE TABLE review_requests (
  order_id TEXT PRIMARY KEY NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- 'sent'; 'unsubscribed' when the address is on the marketing suppression list (decision 042);
  -- 'reviewed' when every product of the order had its review already.
  outcome TEXT NOT NULL CHECK (outcome IN ('sent', 'unsubscribed', 'reviewed')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- The Cron's read: delivered orders by when they were delivered, within its window.
CREATE INDEX order_events_delivered ON order_events (created_at) WHERE status = 'delivered';
