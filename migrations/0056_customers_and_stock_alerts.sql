-- Issue 42, customers and stock alerts (docs/decisions/059-customers-and-stock-alerts.md).

-- A customer's figures for the admin's list, kept with each write of an order (the triggers
-- below) so the list never sums a customer's orders: every order, the paid ones' total (statuses
-- processing, shipped, delivered: paidOrderStatuses) and the newest order's time. erased_at: the
-- account's personal data was erased on request (UU PDP); its orders are kept without them.
ALTER TABLE profiles ADD COLUMN orders_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE profiles ADD COLUMN paid_total INTEGER NOT NULL DEFAULT 0;
ALTER TABLE profiles ADD COLUMN last_order_at TEXT;
ALTER TABLE profiles ADD COLUMN erased_at TEXT;

UPDATE profiles SET
  orders_count = (SELECT count(*) FROM orders WHERE orders.user_id = profiles.id),
  paid_total = (SELECT coalesce(sum(total_amount), 0) FROM orders
    WHERE orders.user_id = profiles.id AND status IN ('processing', 'shipped', 'delivered')),
  last_order_at = (SELECT max(created_at) FROM orders WHERE orders.user_id = profiles.id);

CREATE TRIGGER orders_customer_insert AFTER INSERT ON orders BEGIN
  UPDATE profiles SET
    orders_count = orders_count + 1,
    paid_total = paid_total + CASE WHEN NEW.status IN ('processing', 'shipped', 'delivered') THEN NEW.total_amount ELSE 0 END,
    last_order_at = max(coalesce(last_order_at, ''), NEW.created_at)
  WHERE id = NEW.user_id;
END;
CREATE TRIGGER orders_customer_update AFTER UPDATE OF status, total_amount ON orders BEGIN
  UPDATE profiles SET paid_total = paid_total
    + CASE WHEN NEW.status IN ('processing', 'shipped', 'delivered') THEN NEW.total_amount ELSE 0 END
    - CASE WHEN OLD.status IN ('processing', 'shipped', 'delivered') THEN OLD.total_amount ELSE 0 END
  WHERE id = NEW.user_id;
END;
CREATE TRIGGER orders_customer_delete AFTER DELETE ON orders BEGIN
  UPDATE profiles SET
    orders_count = orders_count - 1,
    paid_total = paid_total - CASE WHEN OLD.status IN ('processing', 'shipped', 'delivered') THEN OLD.total_amount ELSE 0 END,
    -- The newest order left, through orders_user_created.
    last_order_at = (SELECT max(created_at) FROM orders WHERE user_id = OLD.user_id)
  WHERE id = OLD.user_id;
END;

-- The customer list newest first, and its keyset pages (worker/src/lib/keyset.ts).
CREATE INDEX profiles_customers ON profiles (created_at DESC, id) WHERE role = 'customer';
-- The shop's alert recipients are found through profiles_role_created (migration 0053).

-- The list's search: words of the name and the email by prefix, as orders_fts (migration 0017).
CREATE VIRTUAL TABLE profiles_fts USING fts5 (
  name,
  email,
  content = 'profiles',
  content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8 9 10'
);
INSERT INTO profiles_fts (profiles_fts) VALUES ('rebuild');

CREATE TRIGGER profiles_fts_insert AFTER INSERT ON profiles BEGIN
  INSERT INTO profiles_fts (rowid, name, email) VALUES (new.rowid, new.name, new.email);
END;
CREATE TRIGGER profiles_fts_update AFTER UPDATE OF name, email ON profiles BEGIN
  INSERT INTO profiles_fts (profiles_fts, rowid, name, email) VALUES ('delete', old.rowid, old.name, old.email);
  INSERT INTO profiles_fts (rowid, name, email) VALUES (new.rowid, new.name, new.email);
END;
CREATE TRIGGER profiles_fts_delete AFTER DELETE ON profiles BEGIN
  INSERT INTO profiles_fts (profiles_fts, rowid, name, email) VALUES ('delete', old.rowid, old.name, old.email);
END;

-- The list's total without counting rows: counter 'customers'.
INSERT INTO counters (name, value) SELECT 'customers', count(*) FROM profiles WHERE role = 'customer'
  ON CONFLICT (name) DO UPDATE SET value = excluded.value;
CREATE TRIGGER profiles_count_insert AFTER INSERT ON profiles WHEN NEW.role = 'customer' BEGIN
  INSERT INTO counters (name, value) VALUES ('customers', 1) ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER profiles_count_update AFTER UPDATE OF role ON profiles WHEN (OLD.role = 'customer') <> (NEW.role = 'customer') BEGIN
  UPDATE counters SET value = value + CASE WHEN NEW.role = 'customer' THEN 1 ELSE -1 END WHERE name = 'customers';
END;
CREATE TRIGGER profiles_count_delete AFTER DELETE ON profiles WHEN OLD.role = 'customer' BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'customers';
END;

-- A size's low-stock alert: a row while the size stays at or below the threshold since its one
-- email was queued (in the batch of the stock change that took it there); stock back above the
-- threshold deletes it, which re-arms the alert.
CREATE TABLE stock_alerts (
  variant_id TEXT PRIMARY KEY NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  alerted_at TEXT NOT NULL
);
