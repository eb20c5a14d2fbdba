-- Sizes and stock (issue 15, decision 016): a product is sold in one or more variants,
-- each a size in ml with its own price, stock and optional SKU.

-- size_ml and stock are NULL only on the variant this migration makes of an existing
-- product (its size and stock were never recorded): NULL stock is not counted, so the
-- product sells as before until an admin enters them; the API requires both on write.
-- CHECK (stock >= 0) is the stock guard: an order's UPDATE that would take more than
-- is left fails its whole D1 batch, where a 0-row UPDATE would not.
CREATE TABLE product_variants (
  id TEXT PRIMARY KEY NOT NULL,
  product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  size_ml INTEGER CHECK (size_ml IS NULL OR (typeof(size_ml) = 'integer' AND size_ml BETWEEN 1 AND 5000)),
  price INTEGER NOT NULL CHECK (typeof(price) = 'integer' AND price BETWEEN 0 AND 1000000000),
  stock INTEGER CONSTRAINT stock_not_negative CHECK (stock IS NULL OR (typeof(stock) = 'integer' AND stock >= 0)),
  sku TEXT UNIQUE CHECK (sku IS NULL OR length(sku) BETWEEN 1 AND 64),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- A product's sizes in order (and its foreign key); one row per size.
CREATE UNIQUE INDEX product_variants_product_size ON product_variants (product_id, size_ml);
-- The catalogue's size filter: the products sold in one size.
CREATE INDEX product_variants_size ON product_variants (size_ml, product_id);
-- The dashboard's low-stock list: counted stock, lowest first.
CREATE INDEX product_variants_stock ON product_variants (stock, id) WHERE stock IS NOT NULL;

INSERT INTO product_variants (id, product_id, size_ml, price, stock, created_at, updated_at)
SELECT lower(hex(randomblob(16))), id, NULL, price, NULL, created_at, updated_at FROM products;

-- An order line records the size bought; both stay when the size is later removed.
ALTER TABLE order_items ADD COLUMN variant_id TEXT REFERENCES product_variants (id) ON DELETE SET NULL;
ALTER TABLE order_items ADD COLUMN size_ml INTEGER;
CREATE INDEX order_items_variant ON order_items (variant_id);

UPDATE order_items
SET variant_id = (SELECT v.id FROM product_variants v WHERE v.product_id = order_items.product_id)
WHERE product_id IS NOT NULL;

-- products.price stays the product's lowest price (the price sort, the price filter and
-- the spec's product table read it), kept in step by the database whatever writes sizes.
CREATE TRIGGER product_variants_price_insert AFTER INSERT ON product_variants BEGIN
  UPDATE products SET price = (SELECT min(price) FROM product_variants WHERE product_id = new.product_id)
  WHERE id = new.product_id;
END;

CREATE TRIGGER product_variants_price_update AFTER UPDATE OF price ON product_variants BEGIN
  UPDATE products SET price = (SELECT min(price) FROM product_variants WHERE product_id = new.product_id)
  WHERE id = new.product_id;
END;

-- A product keeps its last price while it has no size left (between a form's delete and insert).
CREATE TRIGGER product_variants_price_delete AFTER DELETE ON product_variants BEGIN
  UPDATE products SET price = (SELECT min(price) FROM product_variants WHERE product_id = old.product_id)
  WHERE id = old.product_id AND EXISTS (SELECT 1 FROM product_variants WHERE product_id = old.product_id);
END;
