-- 'Kabari Saya' (issue 40): a shopper asks to be told when a sold-out size is back. One row per
-- size and address (a guest's, or the account's), made only while the size is sold out; when its
-- stock comes back the row is marked due and the Cron sends one email and deletes it
-- (decision 042).
CREATE TABLE back_in_stock_subscriptions (
  id TEXT PRIMARY KEY NOT NULL,
  variant_id TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  -- Lower-case, as every email the shop keeps.
  email TEXT NOT NULL,
  -- The customer who asked while signed in; null for a guest.
  user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
  -- Set when the size's stock came back; the Cron's read.
  due_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- One per size and address: a second ask is the first one again.
CREATE UNIQUE INDEX back_in_stock_variant_email ON back_in_stock_subscriptions (variant_id, email);
-- An unsubscribe drops every ask of the address.
CREATE INDEX back_in_stock_email ON back_in_stock_subscriptions (email);
CREATE INDEX back_in_stock_user ON back_in_stock_subscriptions (user_id) WHERE user_id IS NOT NULL;
-- The Cron's read: the due rows only, in id order.
CREATE INDEX back_in_stock_due ON back_in_stock_subscriptions (id) WHERE due_at IS NOT NULL;

-- Whatever writes the stock (the product form, an adjustment, a cancelled order's units): a size
-- that was sold out (0) and can be bought again (more, or no longer counted) makes its asks due.
CREATE TRIGGER back_in_stock_due_on_restock AFTER UPDATE OF stock ON product_variants
WHEN OLD.stock = 0 AND (NEW.stock IS NULL OR NEW.stock > 0) BEGIN
  UPDATE back_in_stock_subscriptions SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE variant_id = NEW.id AND due_at IS NULL;
END;

-- Addresses that asked for no more marketing email (the unsubscribe link, without signing in).
-- Every marketing sender leaves them out; a customer's own new ask with the account's address
-- takes it off again.
CREATE TABLE marketing_suppressions (
  email TEXT PRIMARY KEY NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- An email queued once whatever runs race to queue it (two Cron runs sending the same
-- restock): the second insert with the same key is ignored.
ALTER TABLE email_outbox ADD COLUMN once_key TEXT;
CREATE UNIQUE INDEX email_outbox_once_key ON email_outbox (once_key) WHERE once_key IS NOT NULL;
-- A marketing email's unsubscribe link: the sender adds the List-Unsubscribe headers (RFC 8058).
ALTER TABLE email_outbox ADD COLUMN unsubscribe_url TEXT;
