-- Richer products (issue 15, decision 017): several photos per product, each in the
-- widths the layout needs; scent notes, concentration and gender; search and a filter
-- by note; related products.

-- Widths of a stored photo, ascending, comma-separated ('320,720,1200'): the last is
-- the file at `image` itself, the others its smaller copies (`<key>-<w>w.webp`). Empty
-- for a photo stored before this migration or an external URL: served as it is.
-- products.image/image_widths keep the cover (position 0 of product_images), which
-- cards, the cart, orders and link previews read without a join.
ALTER TABLE products ADD COLUMN image_widths TEXT NOT NULL DEFAULT '' CHECK (image_widths GLOB '' OR image_widths NOT GLOB '*[^0-9,]*');
ALTER TABLE products ADD COLUMN concentration TEXT CHECK (concentration IS NULL OR concentration IN ('EDT', 'EDP', 'Parfum', 'Extrait'));
ALTER TABLE products ADD COLUMN gender TEXT CHECK (gender IS NULL OR gender IN ('pria', 'wanita', 'unisex'));

CREATE TABLE product_images (
  product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (typeof(position) = 'integer' AND position BETWEEN 0 AND 11),
  url TEXT NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  widths TEXT NOT NULL DEFAULT '' CHECK (widths GLOB '' OR widths NOT GLOB '*[^0-9,]*'),
  PRIMARY KEY (product_id, position)
);

-- Every existing product keeps its photo, as its cover.
INSERT INTO product_images (product_id, position, url) SELECT id, 0, image FROM products;

-- One row per note of a product's pyramid. `note_key` is the note folded for matching
-- (lower case, no accents, single spaces): the filter (?note=) and related products
-- read it through product_notes_key.
CREATE TABLE product_notes (
  product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  layer TEXT NOT NULL CHECK (layer IN ('top', 'heart', 'base')),
  position INTEGER NOT NULL CHECK (typeof(position) = 'integer' AND position BETWEEN 0 AND 11),
  note TEXT NOT NULL CHECK (length(trim(note)) BETWEEN 1 AND 40),
  note_key TEXT NOT NULL CHECK (length(note_key) BETWEEN 1 AND 40),
  PRIMARY KEY (product_id, layer, position)
);
CREATE INDEX product_notes_key ON product_notes (note_key, product_id);

-- The search index gains the notes (FTS5 has no ALTER: drop, recreate, refill).
DROP TRIGGER products_fts_insert;
DROP TRIGGER products_fts_update;
DROP TRIGGER products_fts_delete;
DROP TABLE products_fts;

CREATE VIRTUAL TABLE products_fts USING fts5 (
  product_id UNINDEXED,
  name,
  description,
  notes,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

INSERT INTO products_fts (product_id, name, description, notes)
SELECT id, name, description, '' FROM products;

CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_fts (product_id, name, description, notes)
  VALUES (new.id, new.name, new.description, coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = new.id), ''));
END;

CREATE TRIGGER products_fts_update AFTER UPDATE OF id, name, description ON products BEGIN
  DELETE FROM products_fts WHERE product_id = old.id;
  INSERT INTO products_fts (product_id, name, description, notes)
  VALUES (new.id, new.name, new.description, coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = new.id), ''));
END;

CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
  DELETE FROM products_fts WHERE product_id = old.id;
END;

-- A product's notes are written as a set (delete, then insert): each change rewrites
-- that product's row of the index, whatever wrote the notes.
CREATE TRIGGER product_notes_fts_insert AFTER INSERT ON product_notes BEGIN
  UPDATE products_fts
  SET notes = coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = new.product_id), '')
  WHERE product_id = new.product_id;
END;

CREATE TRIGGER product_notes_fts_delete AFTER DELETE ON product_notes BEGIN
  UPDATE products_fts
  SET notes = coalesce((SELECT group_concat(note, ' ') FROM product_notes WHERE product_id = old.product_id), '')
  WHERE product_id = old.product_id;
END;

-- The notes the catalogue can be filtered by, one row per folded note with how many
-- product notes use it: the filter's list reads this small table in key order
-- instead of grouping every product's notes. Kept by the database itself.
CREATE TABLE scent_notes (
  key TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  uses INTEGER NOT NULL CHECK (typeof(uses) = 'integer' AND uses >= 0)
);

CREATE TRIGGER product_notes_count_insert AFTER INSERT ON product_notes BEGIN
  INSERT INTO scent_notes (key, name, uses) VALUES (new.note_key, new.note, 1)
  ON CONFLICT (key) DO UPDATE SET uses = uses + 1;
END;

CREATE TRIGGER product_notes_count_delete AFTER DELETE ON product_notes BEGIN
  UPDATE scent_notes SET uses = uses - 1 WHERE key = old.note_key;
  DELETE FROM scent_notes WHERE key = old.note_key AND uses = 0;
END;
