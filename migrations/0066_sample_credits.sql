-- 'Kredit Sampel' (issue 41, decision 061 part B): a sample size or a discovery set bought gives its
-- customer a credit toward a full bottle of the same scent. It is written 'pending' in the order's
-- batch and becomes usable only when that order is delivered (delivered has no move out, so a credit
-- already spent never has to be taken back); a cancel before that voids it.

-- The admin's amount on a sample size or a set: NULL = the price paid, 0 = no credit.
ALTER TABLE product_variants ADD COLUMN sample_credit INTEGER
  CHECK (sample_credit IS NULL OR (typeof(sample_credit) = 'integer' AND sample_credit BETWEEN 0 AND 100000000));

-- What the order's credits took off its items (0 without). total_amount =
-- subtotal − discount − credit + shipping + gift_wrap_fee + unique_code + cod_fee.
ALTER TABLE orders ADD COLUMN credit_amount INTEGER NOT NULL DEFAULT 0
  CHECK (typeof(credit_amount) = 'integer' AND credit_amount >= 0);

CREATE TABLE sample_credits (
  id TEXT PRIMARY KEY,
  -- As voucher_uses.user_id: erasure keeps the user row.
  user_id TEXT NOT NULL,
  source_order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  source_variant_id TEXT REFERENCES product_variants (id) ON DELETE SET NULL,
  -- The line as the order read it ('Set Discovery Pria 10 ml').
  source_name TEXT NOT NULL,
  -- JSON array of product ids: the scents it pays toward (a set: its samples' products at purchase).
  product_ids TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  -- The setting when it was bought: days from delivery.
  valid_days INTEGER NOT NULL CHECK (valid_days BETWEEN 1 AND 365),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'available', 'void')),
  available_at TEXT,
  expires_at TEXT,
  created_at TEXT NOT NULL,
  CHECK ((status = 'available') = (expires_at IS NOT NULL)),
  -- One credit per order line; also the lookup by source order.
  UNIQUE (source_order_id, source_variant_id)
);
CREATE INDEX sample_credits_user ON sample_credits (user_id, status, expires_at);
CREATE INDEX sample_credits_user_created ON sample_credits (user_id, created_at, id);
-- A size's delete sets source_variant_id to NULL through this index instead of a scan.
CREATE INDEX sample_credits_source_variant ON sample_credits (source_variant_id);

-- A credit used = a row here, written in the using order's batch; the primary key keeps it to once.
CREATE TABLE sample_credit_uses (
  credit_id TEXT PRIMARY KEY REFERENCES sample_credits (id) ON DELETE CASCADE,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  created_at TEXT NOT NULL
);
CREATE INDEX sample_credit_uses_order ON sample_credit_uses (order_id);

-- The guard, like voucher_uses_limit: batches run one after another, so the second of two racing
-- checkouts sees the first's use and its whole order is rolled back. It also refuses a credit that
-- is not the customer's, not available, expired, or smaller than the use.
CREATE TRIGGER sample_credit_uses_guard BEFORE INSERT ON sample_credit_uses
WHEN NOT EXISTS (
    SELECT 1 FROM sample_credits c WHERE c.id = new.credit_id AND c.user_id = new.user_id
      AND c.status = 'available' AND c.expires_at > new.created_at AND new.amount <= c.amount
  )
  OR EXISTS (SELECT 1 FROM sample_credit_uses u WHERE u.credit_id = new.credit_id)
BEGIN
  SELECT RAISE(ABORT, 'sample_credit_taken');
END;

-- Delivered, by whatever path (admin, courier webhook, auto-deliver, the customer): usable from now.
CREATE TRIGGER sample_credits_activate AFTER UPDATE OF status ON orders
WHEN new.status = 'delivered' AND old.status <> 'delivered'
BEGIN
  UPDATE sample_credits SET status = 'available', available_at = new.updated_at,
    expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', new.updated_at, '+' || valid_days || ' days')
  WHERE source_order_id = new.id AND status = 'pending';
END;

-- Cancelled: its own credits never become usable, and the credits it used are given back (an
-- expired one stays expired: expires_at is not moved).
CREATE TRIGGER sample_credits_release AFTER UPDATE OF status ON orders
WHEN new.status = 'cancelled' AND old.status <> 'cancelled'
BEGIN
  UPDATE sample_credits SET status = 'void' WHERE source_order_id = new.id AND status = 'pending';
  DELETE FROM sample_credit_uses WHERE order_id = new.id;
END;
