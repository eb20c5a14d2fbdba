-- Issue 16's query goals at 500,000 orders (docs/decisions/019-scale.md, "Query bounds").

-- Prefix indexes for words of 2 to 10 characters. A search word is a prefix ("siti"*): without
-- an index of its length FTS5 merges the doclist of every token that starts with it before it
-- can answer anything (a common name read all its orders: 300 ms at 500,000 orders); with one it
-- walks a single doclist and skips through it like a whole word. Longer words match few tokens.
-- The options of an FTS5 table cannot change, so both indexes are built again from their rows;
-- their triggers (migration 0016) name them and keep working.
DROP TABLE orders_fts;
CREATE VIRTUAL TABLE orders_fts USING fts5 (
  customer_name,
  customer_email,
  content = 'orders',
  content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8 9 10'
);
INSERT INTO orders_fts (orders_fts) VALUES ('rebuild');

DROP TABLE customer_service_fts;
CREATE VIRTUAL TABLE customer_service_fts USING fts5 (
  title,
  description,
  content = 'customer_service',
  content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8 9 10'
);
INSERT INTO customer_service_fts (customer_service_fts) VALUES ('rebuild');

-- The customer-service list's exact total without counting rows: one counter per
-- 'cs:<status>:<category>:<priority>' of the service records (FAQ and policies are not listed
-- there), at most 80 rows, summed by a GLOB of the filters. Kept by triggers like 'orders:*'.
INSERT INTO counters (name, value)
  SELECT 'cs:' || status || ':' || category || ':' || priority, count(*) FROM customer_service
  WHERE category NOT IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions')
  GROUP BY status, category, priority;

CREATE TRIGGER customer_service_count_insert AFTER INSERT ON customer_service
WHEN NEW.category NOT IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions') BEGIN
  INSERT INTO counters (name, value) VALUES ('cs:' || NEW.status || ':' || NEW.category || ':' || NEW.priority, 1)
    ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER customer_service_count_update AFTER UPDATE OF status, category, priority ON customer_service BEGIN
  UPDATE counters SET value = value - 1
    WHERE name = 'cs:' || OLD.status || ':' || OLD.category || ':' || OLD.priority
      AND OLD.category NOT IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions');
  INSERT INTO counters (name, value)
    SELECT 'cs:' || NEW.status || ':' || NEW.category || ':' || NEW.priority, 1
    WHERE NEW.category NOT IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions')
    ON CONFLICT (name) DO UPDATE SET value = value + 1;
END;
CREATE TRIGGER customer_service_count_delete AFTER DELETE ON customer_service
WHEN OLD.category NOT IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions') BEGIN
  UPDATE counters SET value = value - 1
    WHERE name = 'cs:' || OLD.status || ':' || OLD.category || ':' || OLD.priority;
END;

-- Status and priority together (the "urgent and still open" view): the list walks only the
-- records of both, where the priority index alone read every record of that priority.
CREATE INDEX customer_service_status_priority_created ON customer_service (status, priority, created_at DESC);
