-- Payment through a gateway (Midtrans Snap first): issue 28, docs/decisions/026-payment-gateway.md.
-- A gateway attempt is a `payments` row of method 'midtrans': its id is the gateway's order_id
-- (one per attempt, so a retry is a new transaction), `provider_reference` the gateway's
-- transaction id once it is known.

-- What the shopper chose ('qris', 'bca_va', 'gopay', …), where they pay (the hosted page),
-- what the gateway last said about it, and how to pay while it waits (VA number or QR string).
ALTER TABLE payments ADD COLUMN channel TEXT CHECK (channel IS NULL OR length(channel) BETWEEN 1 AND 40);
ALTER TABLE payments ADD COLUMN redirect_url TEXT CHECK (redirect_url IS NULL OR length(redirect_url) <= 500);
ALTER TABLE payments ADD COLUMN provider_status TEXT CHECK (provider_status IS NULL OR length(provider_status) <= 40);
ALTER TABLE payments ADD COLUMN pay_code TEXT CHECK (pay_code IS NULL OR length(pay_code) <= 1000);
-- When the Cron next asks the gateway about an attempt still pending (a missed notification).
ALTER TABLE payments ADD COLUMN check_after TEXT;
CREATE INDEX payments_gateway_check ON payments (check_after) WHERE status = 'pending' AND check_after IS NOT NULL;

-- A gateway attempt fails ('deny', 'expire', …) straight from 'pending' to 'rejected'; a gateway's
-- payment for an attempt voided meanwhile (the shopper switched method, then paid the old one
-- anyway) is still money received: 'void' → 'paid', for a gateway only.
DROP TRIGGER payments_status_transition;
CREATE TRIGGER payments_status_transition BEFORE UPDATE OF status ON payments
WHEN NOT (
  (OLD.status = 'pending' AND NEW.status IN ('submitted', 'paid', 'void'))
  OR (OLD.status = 'submitted' AND NEW.status IN ('paid', 'rejected', 'void'))
  OR (OLD.method <> 'bank_transfer' AND OLD.status = 'pending' AND NEW.status = 'rejected')
  OR (OLD.method <> 'bank_transfer' AND OLD.status = 'void' AND NEW.status = 'paid')
)
BEGIN
  SELECT RAISE(ABORT, 'invalid_payment_transition');
END;

-- 'payments:<method>:<status>' beside 'payments:<status>': the dashboard counts orders waiting
-- for the gateway apart from the transfers waiting for the admin's check.
CREATE TRIGGER payments_method_count_insert AFTER INSERT ON payments BEGIN
  INSERT INTO counters (name, value) VALUES ('payments:' || NEW.method || ':' || NEW.status, 1)
    ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER payments_method_count_update AFTER UPDATE OF status ON payments BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'payments:' || OLD.method || ':' || OLD.status;
  INSERT INTO counters (name, value) VALUES ('payments:' || NEW.method || ':' || NEW.status, 1)
    ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER payments_method_count_delete AFTER DELETE ON payments BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'payments:' || OLD.method || ':' || OLD.status;
END;
INSERT INTO counters (name, value)
  SELECT 'payments:' || method || ':' || status, count(*) FROM payments GROUP BY method, status
  ON CONFLICT (name) DO UPDATE SET value = excluded.value;

-- What needs the admin: money the gateway took for an order that is cancelled
-- ('paid_after_cancel': refund it), or whose amount is not the attempt's ('amount_mismatch').
ALTER TABLE orders ADD COLUMN payment_flag TEXT CHECK (payment_flag IS NULL OR payment_flag IN ('paid_after_cancel', 'amount_mismatch'));

-- The gateway's word on an attempt, as confirmed by its status API: one row per status an
-- attempt reached. The unique key is what makes a repeated notification change nothing: the
-- row is written in the same batch as the change it causes, so a second delivery's batch
-- fails on it whole.
CREATE TABLE payment_notifications (
  id TEXT PRIMARY KEY NOT NULL,
  payment_id TEXT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- 'notification' (the gateway called us) or 'poll' (the Cron asked).
  source TEXT NOT NULL CHECK (source IN ('notification', 'poll')),
  transaction_status TEXT NOT NULL CHECK (length(transaction_status) BETWEEN 1 AND 40),
  fraud_status TEXT CHECK (fraud_status IS NULL OR length(fraud_status) <= 40),
  payment_type TEXT CHECK (payment_type IS NULL OR length(payment_type) <= 40),
  transaction_id TEXT CHECK (transaction_id IS NULL OR length(transaction_id) <= 100),
  gross_amount TEXT CHECK (gross_amount IS NULL OR length(gross_amount) <= 40),
  -- What the shop did: 'paid', 'pending', 'failed', 'refund', 'flagged', 'ignored'.
  outcome TEXT NOT NULL CHECK (outcome IN ('paid', 'pending', 'failed', 'refund', 'flagged', 'ignored')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (payment_id, transaction_status)
);
CREATE INDEX payment_notifications_order ON payment_notifications (order_id, created_at);
