-- Same speed at any size (docs/decisions/014-bounded-lists-and-indexes.md): an index for
-- every filter and sort the code uses, counters for the dashboard kept by triggers in the
-- same transaction as each write, and indexes the Cron cleanup deletes by.

-- Deleting a product sets order_items.product_id to NULL (ON DELETE SET NULL): without
-- this index every order line was read to find its lines.
CREATE INDEX order_items_product ON order_items (product_id);

-- The admin list's status filter and a customer's orders sort by created_at then id.
DROP INDEX orders_status_created;
CREATE INDEX orders_status_created ON orders (status, created_at DESC, id);
DROP INDEX orders_user_created;
CREATE INDEX orders_user_created ON orders (user_id, created_at DESC, id);

-- The admin customer-service list filters by status, priority or category and sorts
-- newest first (rowid breaks ties: it is the last column of every index).
CREATE INDEX customer_service_status_created ON customer_service (status, created_at DESC);
CREATE INDEX customer_service_priority_created ON customer_service (priority, created_at DESC);

-- A collection's page of products, by position.
CREATE INDEX collection_products_position ON collection_products (collection_id, position);

-- What the Cron cleanup deletes (worker/src/lib/cleanup.ts).
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE INDEX sessions_revoked ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
CREATE INDEX email_outbox_sent ON email_outbox (sent_at) WHERE status = 'sent';

-- The dashboard's totals without counting rows: 'products', 'collections', and per order
-- status 'orders:<status>' (how many) and 'sales:<status>' (their total_amount). Triggers
-- keep them in the statement that changes the rows, whatever code path writes them.
CREATE TABLE counters (
  name TEXT PRIMARY KEY NOT NULL,
  value INTEGER NOT NULL CHECK (typeof(value) = 'integer')
);

INSERT INTO counters (name, value)
  SELECT 'products', count(*) FROM products
  UNION ALL SELECT 'collections', count(*) FROM collections
  UNION ALL SELECT 'orders:' || status, count(*) FROM orders GROUP BY status
  UNION ALL SELECT 'sales:' || status, sum(total_amount) FROM orders GROUP BY status;

CREATE TRIGGER products_count_insert AFTER INSERT ON products BEGIN
  INSERT INTO counters (name, value) VALUES ('products', 1)
    ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER products_count_delete AFTER DELETE ON products BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'products';
END;

CREATE TRIGGER collections_count_insert AFTER INSERT ON collections BEGIN
  INSERT INTO counters (name, value) VALUES ('collections', 1)
    ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER collections_count_delete AFTER DELETE ON collections BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'collections';
END;

CREATE TRIGGER orders_count_insert AFTER INSERT ON orders BEGIN
  INSERT INTO counters (name, value)
    VALUES ('orders:' || NEW.status, 1), ('sales:' || NEW.status, NEW.total_amount)
    ON CONFLICT (name) DO UPDATE SET value = value + excluded.value;
END;
CREATE TRIGGER orders_count_update AFTER UPDATE OF status, total_amount ON orders BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'orders:' || OLD.status;
  UPDATE counters SET value = value - OLD.total_amount WHERE name = 'sales:' || OLD.status;
  INSERT INTO counters (name, value)
    VALUES ('orders:' || NEW.status, 1), ('sales:' || NEW.status, NEW.total_amount)
    ON CONFLICT (name) DO UPDATE SET value = value + excluded.value;
END;
CREATE TRIGGER orders_count_delete AFTER DELETE ON orders BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'orders:' || OLD.status;
  UPDATE counters SET value = value - OLD.total_amount WHERE name = 'sales:' || OLD.status;
END;
