-- Issue 27, findings 3 and 4 (docs/decisions/025-stock-adjustments-and-order-maximum.md).

-- How many units of a size one customer may hold in unpaid orders, all of them together
-- (one order is the case of a customer with no other unpaid order). 5 suits perfume.
ALTER TABLE product_variants ADD COLUMN max_per_order INTEGER NOT NULL DEFAULT 5
  CONSTRAINT max_per_order_range CHECK (typeof(max_per_order) = 'integer' AND max_per_order BETWEEN 1 AND 99);

-- A customer's unpaid orders, for the limit below.
CREATE INDEX orders_pending_user ON orders (user_id) WHERE status = 'pending';

-- The limit holds under parallel orders: a D1 batch is one transaction and batches run one at
-- a time, so the line written last sees every other unpaid line of its customer. Only lines of
-- an unpaid order are checked (an order is unpaid when its lines are written).
CREATE TRIGGER order_items_held_limit AFTER INSERT ON order_items
WHEN new.variant_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM orders WHERE id = new.order_id AND status = 'pending')
  AND (
    SELECT sum(i.quantity)
    FROM orders AS o CROSS JOIN order_items AS i ON i.order_id = o.id
    WHERE o.user_id = (SELECT user_id FROM orders WHERE id = new.order_id)
      AND o.status = 'pending' AND i.variant_id = new.variant_id
  ) > (SELECT max_per_order FROM product_variants WHERE id = new.variant_id)
BEGIN
  SELECT RAISE(ABORT, 'held_limit');
END;

-- Every change of a size's counted stock: who (actor, and the account unless the system), when,
-- from and to, and why (the product form, a new size, an order placed or cancelled). Written in
-- the batch that changes the stock, so a trace exists exactly when the change does.
CREATE TABLE stock_changes (
  id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(16)))),
  variant_id TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  from_stock INTEGER,
  to_stock INTEGER,
  reason TEXT NOT NULL CHECK (reason IN ('created', 'form', 'order', 'cancel')),
  order_id TEXT,
  actor TEXT NOT NULL CHECK (actor IN ('customer', 'admin', 'system')),
  actor_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- A size's history, newest first (and the foreign key).
CREATE INDEX stock_changes_variant ON stock_changes (variant_id, created_at DESC, id);
-- Deleting an account clears its traces' actor_id through this.
CREATE INDEX stock_changes_actor ON stock_changes (actor_id) WHERE actor_id IS NOT NULL;
