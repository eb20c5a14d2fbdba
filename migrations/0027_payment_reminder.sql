-- The reminder before an unpaid order's payment deadline (issue 29, docs/decisions/029-order-emails.md).

-- When the Cron mailed the order's one reminder; NULL until then.
ALTER TABLE orders ADD COLUMN payment_reminded_at TEXT;

-- The Cron's search: unpaid orders not yet reminded, by deadline. Partial, so it holds only
-- what may still be reminded (at most the unpaid orders: 999 with a unique code). `status` leads
-- although the WHERE fixes it: without statistics SQLite otherwise prefers orders_status_created
-- (status) and sorts every unpaid order; with it, the deadline's range is read in order.
CREATE INDEX orders_payment_reminder ON orders (status, payment_due_at)
  WHERE status = 'pending' AND payment_reminded_at IS NULL;

-- The reminder's guard. The Cron writes the mark and the reminder's outbox row in one batch; a
-- second mark, an order paid, cancelled or with a receipt under review since the Cron read it,
-- or a deadline already past refuses the mark and so rolls back the email with it.
CREATE TRIGGER orders_payment_reminder_once BEFORE UPDATE OF payment_reminded_at ON orders
WHEN OLD.payment_reminded_at IS NOT NULL
  OR OLD.status <> 'pending'
  OR OLD.payment_due_at IS NULL
  OR OLD.payment_due_at <= NEW.payment_reminded_at
  OR EXISTS (SELECT 1 FROM payments WHERE order_id = OLD.id AND status = 'submitted')
BEGIN
  SELECT RAISE(ABORT, 'payment_reminder_refused');
END;
