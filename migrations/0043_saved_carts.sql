-- Saved carts and their reminder (issue 40, decision 050).

-- A signed-in customer's cart on the server: size ids and quantities only, never a price (the
-- reminder and the cart read the sizes' prices now). At most 30 lines (MAX_ORDER_LINES: a cart
-- no order could hold is not kept), each within 1..99 (MAX_LINE_QUANTITY); the service also caps
-- a quantity at its size's max_per_order. A deleted size leaves every cart it was in.
CREATE TABLE saved_cart_lines (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  variant_id TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  -- The line's place in the cart; unique per customer, so 30 places bound the lines.
  position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 29),
  PRIMARY KEY (user_id, variant_id),
  UNIQUE (user_id, position)
);
CREATE INDEX saved_cart_lines_variant ON saved_cart_lines (variant_id);

-- When each customer's cart last changed and when its one reminder is due (null: none due, the
-- cart being empty, reminded already, or not to be reminded).
CREATE TABLE saved_carts (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  changed_at TEXT NOT NULL,
  remind_at TEXT,
  reminded_at TEXT
);
-- The Cron's read: due carts only, soonest first.
CREATE INDEX saved_carts_due ON saved_carts (remind_at) WHERE remind_at IS NOT NULL;

-- The customer's consent to marketing email (UU PDP), with when it was given; null: none.
ALTER TABLE profiles ADD COLUMN marketing_consent_at TEXT;
