-- Issue 40, vouchers (docs/decisions/041-vouchers.md): codes the admin makes, priced by the
-- server when an order is placed, each use counted in the order's batch.
--
-- A code is unique whatever its case (COLLATE NOCASE); the worker stores it upper-case. Times
-- are UTC ISO strings (entered and shown in WIB). Targets are JSON arrays of ids; all empty:
-- the whole order. uses_count, discount_total and sales_total are kept by the triggers below,
-- never written by the worker.
CREATE TABLE vouchers (
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL COLLATE NOCASE UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed', 'shipping')),
  value INTEGER NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
  min_spend INTEGER NOT NULL DEFAULT 0 CHECK (min_spend >= 0),
  starts_at TEXT,
  ends_at TEXT,
  usage_limit INTEGER CHECK (usage_limit IS NULL OR usage_limit > 0),
  per_customer_limit INTEGER CHECK (per_customer_limit IS NULL OR per_customer_limit > 0),
  product_ids TEXT NOT NULL DEFAULT '[]',
  collection_ids TEXT NOT NULL DEFAULT '[]',
  variant_ids TEXT NOT NULL DEFAULT '[]',
  combines_with_sale INTEGER NOT NULL DEFAULT 1,
  active INTEGER NOT NULL DEFAULT 1,
  uses_count INTEGER NOT NULL DEFAULT 0,
  discount_total INTEGER NOT NULL DEFAULT 0,
  sales_total INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX vouchers_created ON vouchers (created_at DESC, id);

-- One row per live order that used a code, written in the order's batch. A cancelled order
-- gives its use back (voucher_uses_release): an unpaid order that expired must not burn an
-- influencer's single-use code.
CREATE TABLE voucher_uses (
  order_id TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  voucher_id TEXT NOT NULL REFERENCES vouchers (id),
  user_id TEXT NOT NULL,
  discount INTEGER NOT NULL CHECK (discount >= 0),
  order_total INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX voucher_uses_voucher_user ON voucher_uses (voucher_id, user_id);

ALTER TABLE orders ADD COLUMN voucher_code TEXT;
ALTER TABLE orders ADD COLUMN discount_amount INTEGER NOT NULL DEFAULT 0 CHECK (discount_amount >= 0);

-- The limits, in the order's batch: batches run one at a time, so of two checkouts that both read
-- one use left, the second's insert sees the first's count and fails its whole batch.
CREATE TRIGGER voucher_uses_limit BEFORE INSERT ON voucher_uses
WHEN (SELECT usage_limit FROM vouchers WHERE id = new.voucher_id) IS NOT NULL
  AND (SELECT uses_count FROM vouchers WHERE id = new.voucher_id)
    >= (SELECT usage_limit FROM vouchers WHERE id = new.voucher_id)
BEGIN
  SELECT RAISE(ABORT, 'voucher_used_up');
END;

CREATE TRIGGER voucher_uses_customer_limit BEFORE INSERT ON voucher_uses
WHEN (SELECT per_customer_limit FROM vouchers WHERE id = new.voucher_id) IS NOT NULL
  AND (SELECT count(*) FROM voucher_uses WHERE voucher_id = new.voucher_id AND user_id = new.user_id)
    >= (SELECT per_customer_limit FROM vouchers WHERE id = new.voucher_id)
BEGIN
  SELECT RAISE(ABORT, 'voucher_customer_used_up');
END;

CREATE TRIGGER voucher_uses_count_insert AFTER INSERT ON voucher_uses
BEGIN
  UPDATE vouchers SET uses_count = uses_count + 1, discount_total = discount_total + new.discount,
    sales_total = sales_total + new.order_total
  WHERE id = new.voucher_id;
END;

CREATE TRIGGER voucher_uses_count_delete AFTER DELETE ON voucher_uses
BEGIN
  UPDATE vouchers SET uses_count = uses_count - 1, discount_total = discount_total - old.discount,
    sales_total = sales_total - old.order_total
  WHERE id = old.voucher_id;
END;

CREATE TRIGGER voucher_uses_release AFTER UPDATE OF status ON orders
WHEN new.status = 'cancelled' AND old.status <> 'cancelled'
BEGIN
  DELETE FROM voucher_uses WHERE order_id = new.id;
END;
