-- Issue 16 at 500,000 orders (docs/decisions/019-scale.md): the admin's text searches use
-- FTS5 indexes instead of reading every row with instr().

-- Orders by customer name and email. External content: the text stays only in `orders`, the
-- index is keyed by its rowid, and these triggers keep it in the statement that writes the row.
-- (SQLite keeps the rowid of a table with a TEXT primary key unless VACUUM renumbers it;
-- `INSERT INTO orders_fts (orders_fts) VALUES ('rebuild')` rebuilds the index if that ever runs.)
CREATE VIRTUAL TABLE orders_fts USING fts5 (
  customer_name,
  customer_email,
  content = 'orders',
  content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
INSERT INTO orders_fts (orders_fts) VALUES ('rebuild');

CREATE TRIGGER orders_fts_insert AFTER INSERT ON orders BEGIN
  INSERT INTO orders_fts (rowid, customer_name, customer_email) VALUES (new.rowid, new.customer_name, new.customer_email);
END;
CREATE TRIGGER orders_fts_update AFTER UPDATE OF customer_name, customer_email ON orders BEGIN
  INSERT INTO orders_fts (orders_fts, rowid, customer_name, customer_email) VALUES ('delete', old.rowid, old.customer_name, old.customer_email);
  INSERT INTO orders_fts (rowid, customer_name, customer_email) VALUES (new.rowid, new.customer_name, new.customer_email);
END;
CREATE TRIGGER orders_fts_delete AFTER DELETE ON orders BEGIN
  INSERT INTO orders_fts (orders_fts, rowid, customer_name, customer_email) VALUES ('delete', old.rowid, old.customer_name, old.customer_email);
END;

-- Customer-service records by title and description, the same way.
CREATE VIRTUAL TABLE customer_service_fts USING fts5 (
  title,
  description,
  content = 'customer_service',
  content_rowid = 'rowid',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
INSERT INTO customer_service_fts (customer_service_fts) VALUES ('rebuild');

CREATE TRIGGER customer_service_fts_insert AFTER INSERT ON customer_service BEGIN
  INSERT INTO customer_service_fts (rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
CREATE TRIGGER customer_service_fts_update AFTER UPDATE OF title, description ON customer_service BEGIN
  INSERT INTO customer_service_fts (customer_service_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
  INSERT INTO customer_service_fts (rowid, title, description) VALUES (new.rowid, new.title, new.description);
END;
CREATE TRIGGER customer_service_fts_delete AFTER DELETE ON customer_service BEGIN
  INSERT INTO customer_service_fts (customer_service_fts, rowid, title, description) VALUES ('delete', old.rowid, old.title, old.description);
END;
