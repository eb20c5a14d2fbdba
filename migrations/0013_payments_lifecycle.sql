-- Payment by bank transfer with a unique code, the order timeline and the lifecycle
-- (issue 14, docs/decisions/015-payment-and-order-lifecycle.md).

-- The order's parts of the amount to transfer: total_amount = subtotal_amount + shipping_fee
-- + unique_code (0 on orders placed before this migration), the deadline of its payment,
-- and the courier and tracking number (resi) once shipped.
ALTER TABLE orders ADD COLUMN unique_code INTEGER NOT NULL DEFAULT 0 CHECK (typeof(unique_code) = 'integer' AND unique_code BETWEEN 0 AND 999);
ALTER TABLE orders ADD COLUMN payment_due_at TEXT;
ALTER TABLE orders ADD COLUMN courier TEXT CHECK (courier IS NULL OR length(trim(courier)) BETWEEN 1 AND 60);
ALTER TABLE orders ADD COLUMN tracking_number TEXT CHECK (tracking_number IS NULL OR length(trim(tracking_number)) BETWEEN 1 AND 60);

-- No two unpaid orders share a unique code, whatever races: order creation picks a free code
-- inside its INSERT (one transaction), and this index refuses a collision anyway.
CREATE UNIQUE INDEX orders_unpaid_unique_code ON orders (unique_code) WHERE status = 'pending' AND unique_code > 0;
-- The Cron's expiry: unpaid orders by deadline.
CREATE INDEX orders_payment_due ON orders (payment_due_at) WHERE status = 'pending';

-- The lifecycle's moves, whatever code path writes them (orderTransitions in
-- packages/contracts/src/labels.ts): forward only, a cancel before shipping, and never
-- the same status twice, so two racing requests (two confirms, two cancels) cannot both
-- pass: the loser's batch is rolled back whole, its timeline row and email with it.
CREATE TRIGGER orders_status_transition BEFORE UPDATE OF status ON orders
WHEN NOT (
  (OLD.status = 'pending' AND NEW.status IN ('processing', 'cancelled'))
  OR (OLD.status = 'processing' AND NEW.status IN ('shipped', 'cancelled'))
  OR (OLD.status = 'shipped' AND NEW.status = 'delivered')
)
BEGIN
  SELECT RAISE(ABORT, 'invalid_transition');
END;

CREATE TRIGGER orders_shipped_needs_resi BEFORE UPDATE OF status ON orders
WHEN NEW.status = 'shipped' AND (NEW.courier IS NULL OR NEW.tracking_number IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'shipping_details_required');
END;

-- One row per attempt to pay an order. Bank transfer: 'pending' → 'submitted' (receipt
-- uploaded) → 'paid' or 'rejected' (a new 'pending' row follows); 'void' when the order is
-- cancelled. A gateway (Midtrans, Xendit) is another `method` with its transaction id in
-- `provider_reference` and no receipt.
CREATE TABLE payments (
  id TEXT PRIMARY KEY NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  method TEXT NOT NULL CHECK (length(method) BETWEEN 1 AND 40),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'submitted', 'paid', 'rejected', 'void')),
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount >= 0),
  provider_reference TEXT,
  -- R2 key of the transfer receipt, under 'receipts/': never served by /images.
  receipt_key TEXT,
  submitted_at TEXT,
  -- The admin's user id (no foreign key: the record stays if the account goes).
  reviewed_by TEXT,
  reviewed_at TEXT,
  reason TEXT CHECK (reason IS NULL OR length(reason) <= 500),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payments_order ON payments (order_id, created_at);
-- At most one open attempt per order.
CREATE UNIQUE INDEX payments_one_open ON payments (order_id) WHERE status IN ('pending', 'submitted');
CREATE UNIQUE INDEX payments_provider_reference ON payments (method, provider_reference) WHERE provider_reference IS NOT NULL;
-- The admin's 'Menunggu Verifikasi' list, oldest receipt first.
CREATE INDEX payments_submitted ON payments (submitted_at, id) WHERE status = 'submitted';

CREATE TRIGGER payments_status_transition BEFORE UPDATE OF status ON payments
WHEN NOT (
  (OLD.status = 'pending' AND NEW.status IN ('submitted', 'paid', 'void'))
  OR (OLD.status = 'submitted' AND NEW.status IN ('paid', 'rejected', 'void'))
)
BEGIN
  SELECT RAISE(ABORT, 'invalid_payment_transition');
END;

-- 'payments:<status>' counters (decision 014's approach): the dashboard's 'Menunggu Verifikasi'.
CREATE TRIGGER payments_count_insert AFTER INSERT ON payments BEGIN
  INSERT INTO counters (name, value) VALUES ('payments:' || NEW.status, 1)
    ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER payments_count_update AFTER UPDATE OF status ON payments BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'payments:' || OLD.status;
  INSERT INTO counters (name, value) VALUES ('payments:' || NEW.status, 1)
    ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER payments_count_delete AFTER DELETE ON payments BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'payments:' || OLD.status;
END;

-- The order's timeline: one row per status change or payment step, written in the same
-- batch as the change. `actor_id` is the user's id, NULL for the system (the Cron).
CREATE TABLE order_events (
  id TEXT PRIMARY KEY NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('placed', 'receipt_uploaded', 'payment_confirmed', 'payment_rejected', 'shipped', 'delivered', 'cancelled', 'expired')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
  actor TEXT NOT NULL CHECK (actor IN ('customer', 'admin', 'system')),
  actor_id TEXT CHECK ((actor = 'system') = (actor_id IS NULL)),
  note TEXT CHECK (note IS NULL OR length(note) <= 600),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX order_events_order ON order_events (order_id, created_at);

-- Orders placed before the timeline start it with their placement.
INSERT INTO order_events (id, order_id, type, status, actor, actor_id, created_at)
  SELECT lower(hex(randomblob(16))), id, 'placed', 'pending', 'customer', user_id, created_at FROM orders;
