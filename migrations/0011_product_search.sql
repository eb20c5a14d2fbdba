-- Finding products (issue 15, decision 013): full-text search, best-selling order,
-- and an index for each sort and filter of /api/products.

-- Search index over what a shopper types a word of. A plain FTS5 table (its own copy
-- of the text) keyed by product_id, not an external-content table on products'
-- implicit rowid, which VACUUM or a dump and restore may renumber. FTS5 has no
-- ALTER: a later column (scent notes) is a migration that drops, recreates and
-- refills this table and its triggers. Case and accents fold ('Néroli' = 'neroli');
-- the prefix indexes make prefix queries ('citr*') cheap as the shopper types.
CREATE VIRTUAL TABLE products_fts USING fts5 (
  product_id UNINDEXED,
  name,
  description,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

INSERT INTO products_fts (product_id, name, description)
SELECT id, name, description FROM products;

-- Kept in step by the database itself, whatever writes products.
CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_fts (product_id, name, description) VALUES (new.id, new.name, new.description);
END;

CREATE TRIGGER products_fts_update AFTER UPDATE OF id, name, description ON products BEGIN
  DELETE FROM products_fts WHERE product_id = old.id;
  INSERT INTO products_fts (product_id, name, description) VALUES (new.id, new.name, new.description);
END;

CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
  DELETE FROM products_fts WHERE product_id = old.id;
END;

-- Units ordered of each product, added in the batch that writes an order's items
-- (worker/src/db/queries/orders.ts), so best-selling is an index scan, not a SUM over
-- order_items on every request.
ALTER TABLE products ADD COLUMN sold_count INTEGER NOT NULL DEFAULT 0 CHECK (typeof(sold_count) = 'integer' AND sold_count >= 0);

UPDATE products
SET sold_count = (SELECT coalesce(sum(quantity), 0) FROM order_items WHERE order_items.product_id = products.id);

-- The id breaks ties, so pages never overlap or skip a product of the same price or count.
CREATE INDEX products_price ON products (price, id);
CREATE INDEX products_sold ON products (sold_count DESC, id);
