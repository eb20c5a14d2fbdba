-- Issue 27, decision 023: no one account or address can fill the 999 unique codes, and a
-- paid order that is cancelled waits for its refund.

-- The client address an order came from (cf-connecting-ip), for the per-address limit.
ALTER TABLE orders ADD COLUMN client_ip TEXT;
-- 'needed': cancelled after its transfer (a receipt under review or a confirmed payment);
-- 'refunded': the admin has paid it back. NULL for every other order.
ALTER TABLE orders ADD COLUMN refund_status TEXT CHECK (refund_status IS NULL OR refund_status IN ('needed', 'refunded'));

CREATE INDEX orders_unpaid_user ON orders (user_id) WHERE status = 'pending';
CREATE INDEX orders_unpaid_client ON orders (client_ip) WHERE status = 'pending';
CREATE INDEX orders_refund_needed ON orders (updated_at, id) WHERE refund_status = 'needed';

-- The guard of the unpaid-order limits: the order batch inserts one row here before its
-- order, carrying the limits the admin set. The trigger counts the unpaid orders as they
-- are inside the batch's transaction, so parallel checkouts cannot all pass a read made
-- before any of them wrote; RAISE(IGNORE) keeps the table empty.
CREATE TABLE order_limit_checks (
  user_id TEXT NOT NULL,
  client_ip TEXT NOT NULL,
  per_customer INTEGER NOT NULL,
  per_client INTEGER NOT NULL,
  -- Orders the account placed since this moment count towards per_hour (placed, then cancelled,
  -- then placed again would otherwise mail the shop without end).
  hour_ago TEXT NOT NULL,
  per_hour INTEGER NOT NULL
);
CREATE TRIGGER order_limit_check BEFORE INSERT ON order_limit_checks BEGIN
  SELECT RAISE(ABORT, 'unpaid_limit_customer')
    WHERE (SELECT count(*) FROM orders WHERE user_id = NEW.user_id AND status = 'pending') >= NEW.per_customer;
  SELECT RAISE(ABORT, 'unpaid_limit_client')
    WHERE (SELECT count(*) FROM orders WHERE client_ip = NEW.client_ip AND status = 'pending') >= NEW.per_client;
  SELECT RAISE(ABORT, 'order_rate_customer')
    WHERE (SELECT count(*) FROM orders WHERE user_id = NEW.user_id AND created_at > NEW.hour_ago) >= NEW.per_hour;
  SELECT RAISE(IGNORE);
END;

-- 'refunds:needed': the admin's refund list's total, kept as 0012's counters are.
INSERT INTO counters (name, value) VALUES ('refunds:needed', 0);
CREATE TRIGGER orders_refund_count AFTER UPDATE OF refund_status ON orders
  WHEN OLD.refund_status IS NOT NEW.refund_status BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'refunds:needed' AND OLD.refund_status = 'needed';
  UPDATE counters SET value = value + 1 WHERE name = 'refunds:needed' AND NEW.refund_status = 'needed';
END;
CREATE TRIGGER orders_refund_count_delete AFTER DELETE ON orders WHEN OLD.refund_status = 'needed' BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'refunds:needed';
END;
