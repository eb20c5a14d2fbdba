-- Cash on delivery through the courier aggregator (issue 37 item 6,
-- docs/decisions/034-cash-on-delivery.md). A COD order is placed as 'processing' (to ship) with a
-- 'cod' payment attempt that stays 'pending' until the courier reports the parcel delivered.

-- The admin's COD fee, its own line: total_amount = subtotal + shipping + unique_code + cod_fee.
ALTER TABLE orders ADD COLUMN cod_fee INTEGER NOT NULL DEFAULT 0
  CHECK (typeof(cod_fee) = 'integer' AND cod_fee BETWEEN 0 AND 1000000);

-- The lifecycle of 0013 plus one move: a COD parcel the courier returned to the shop unpaid
-- (its attempt still open) cancels the shipped order, so its units go back into stock.
DROP TRIGGER orders_status_transition;
CREATE TRIGGER orders_status_transition BEFORE UPDATE OF status ON orders
WHEN NOT (
  (OLD.status = 'pending' AND NEW.status IN ('processing', 'cancelled'))
  OR (OLD.status = 'processing' AND NEW.status IN ('shipped', 'cancelled'))
  OR (OLD.status = 'shipped' AND NEW.status = 'delivered')
  OR (OLD.status = 'shipped' AND NEW.status = 'cancelled' AND EXISTS (
    SELECT 1 FROM payments WHERE order_id = OLD.id AND method = 'cod' AND status = 'pending'
  ))
)
BEGIN
  SELECT RAISE(ABORT, 'invalid_transition');
END;

-- 'Total Penjualan' sums the paid statuses (0012's 'sales:<status>'); a COD order is
-- 'processing' or 'shipped' before its cash is collected, so the cash still with couriers is
-- kept apart and left out of the sum until its attempt leaves 'pending' (paid, or void).
CREATE TRIGGER payments_cod_open_insert AFTER INSERT ON payments
WHEN NEW.method = 'cod' AND NEW.status = 'pending'
BEGIN
  INSERT INTO counters (name, value) VALUES ('cod:uncollected', NEW.amount)
    ON CONFLICT (name) DO UPDATE SET value = value + excluded.value;
END;
CREATE TRIGGER payments_cod_open_update AFTER UPDATE OF status ON payments
WHEN OLD.method = 'cod' AND OLD.status = 'pending' AND NEW.status <> 'pending'
BEGIN
  UPDATE counters SET value = value - OLD.amount WHERE name = 'cod:uncollected';
END;
CREATE TRIGGER payments_cod_open_delete AFTER DELETE ON payments
WHEN OLD.method = 'cod' AND OLD.status = 'pending'
BEGIN
  UPDATE counters SET value = value - OLD.amount WHERE name = 'cod:uncollected';
END;
