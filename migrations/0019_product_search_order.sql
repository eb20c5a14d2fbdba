-- Product search ranks by bm25, ties newest first (created_at DESC, then id). The tie-break read
-- each match's products row (two lookups: the id index, then the row): 4,000 matches of 'melati'
-- at 20,000 products took 12 ms before 25 were kept. The index now carries created_at itself
-- (UNINDEXED: stored, never tokenized), so a search without other filters ranks and picks its page
-- from products_fts alone and reads products for that page only (docs/decisions/019-scale.md).
-- FTS5 has no ALTER: drop, recreate, refill; the product_notes triggers of 0015 name the table
-- and keep working.
DROP TRIGGER products_fts_insert;
DROP TRIGGER products_fts_update;
DROP TRIGGER products_fts_delete;
DROP TABLE products_fts;

CREATE VIRTUAL TABLE products_fts USING fts5 (
  product_id UNINDEXED,
  name,
  description,
  notes,
  created_at UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

INSERT INTO products_fts (product_id, name, description, notes, created_at)
SELECT id, name, description,
       coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = products.id), ''),
       created_at
FROM products;

CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_fts (product_id, name, description, notes, created_at)
  VALUES (new.id, new.name, new.description, coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = new.id), ''), new.created_at);
END;

CREATE TRIGGER products_fts_update AFTER UPDATE OF id, name, description, created_at ON products BEGIN
  DELETE FROM products_fts WHERE product_id = old.id;
  INSERT INTO products_fts (product_id, name, description, notes, created_at)
  VALUES (new.id, new.name, new.description, coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = new.id), ''), new.created_at);
END;

CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
  DELETE FROM products_fts WHERE product_id = old.id;
END;
