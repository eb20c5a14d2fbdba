-- Issue 40, the catalogue's price filter and sort during a timed sale (docs/decisions/060-sale-aware-price-filter.md):
-- `products.price_now` is the product's lowest price now, its sizes' live sales applied; the
-- list's min/max and price sorts read it through products_price_now, where they read the regular
-- `products.price` (still what the answers carry, beside each size's sale price).
--
-- Kept by triggers whatever writes (a size's price, a size added or removed, a collection's
-- products, a sale written) and by the Cron at a sale's start or end, which no write announces
-- (worker/src/services/sales.ts moveCacheAtSaleBoundaries, in the batch that moves its mark).
-- Each of them writes a set of targets to `price_now_moves`, shaped as a sale's (JSON id lists;
-- all three empty: every product), and the one trigger on that table reads those products'
-- prices now again and removes the row: the table is always empty between statements (as
-- 0048's review_stat_moves).
--
-- A size's price now is services/sale-price.ts' rule (decision 046), mirrored here once in
-- `price_now_moves_apply`: its regular price, or the lowest of its live sales' prices (percent:
-- price − floor(price × percent / 100); fixed: price − value, only when value < price; a sale
-- targets the size by its id, its product's, one of its product's collections', or every size).
-- worker/src/db/price-now.test.ts checks the two agree.

-- The trigger below sets it at once on every insert; 0 only inside that statement.
ALTER TABLE products ADD COLUMN price_now INTEGER NOT NULL DEFAULT 0;

-- The price filter (both ends, as decision 019's) and the price sorts, id breaking ties.
CREATE INDEX products_price_now ON products (price_now, id);
-- Nothing reads the regular price by range or in order any more.
DROP INDEX products_price;

CREATE TABLE price_now_moves (
  product_ids TEXT NOT NULL DEFAULT '[]',
  collection_ids TEXT NOT NULL DEFAULT '[]',
  variant_ids TEXT NOT NULL DEFAULT '[]'
);

CREATE TRIGGER price_now_moves_apply AFTER INSERT ON price_now_moves BEGIN
  UPDATE products SET price_now = coalesce((
    SELECT min(coalesce((
      SELECT min(CASE s.kind WHEN 'percent' THEN pv.price - pv.price * s.value / 100 ELSE pv.price - s.value END)
      FROM sales AS s
      WHERE s.ends_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AND +s.starts_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        AND (s.kind = 'percent' OR s.value < pv.price)
        AND ((s.product_ids = '[]' AND s.collection_ids = '[]' AND s.variant_ids = '[]')
          OR EXISTS (SELECT 1 FROM json_each(s.variant_ids) AS t WHERE t.value = pv.id)
          OR EXISTS (SELECT 1 FROM json_each(s.product_ids) AS t WHERE t.value = pv.product_id)
          OR EXISTS (SELECT 1 FROM json_each(s.collection_ids) AS t
            JOIN collection_products AS cp ON cp.collection_id = t.value AND cp.product_id = pv.product_id))
    ), pv.price))
    FROM product_variants AS pv WHERE pv.product_id = products.id
  ), price)
  WHERE id IN (
    SELECT t.value FROM json_each(NEW.product_ids) AS t
    UNION SELECT pv.product_id FROM json_each(NEW.variant_ids) AS t JOIN product_variants AS pv ON pv.id = t.value
    UNION SELECT cp.product_id FROM json_each(NEW.collection_ids) AS t
      JOIN collection_products AS cp ON cp.collection_id = t.value
    -- Every product: a sale on the whole catalogue (and the backfill below).
    UNION SELECT p.id FROM products AS p
      WHERE NEW.product_ids = '[]' AND NEW.collection_ids = '[]' AND NEW.variant_ids = '[]'
  );
  DELETE FROM price_now_moves WHERE rowid = NEW.rowid;
END;

-- A product's own rows: a new product (its last regular price while it has no size), a size
-- added, repriced or removed, a collection's products.
CREATE TRIGGER products_price_now_insert AFTER INSERT ON products BEGIN
  INSERT INTO price_now_moves (product_ids) VALUES (json_array(NEW.id));
END;
CREATE TRIGGER product_variants_price_now_insert AFTER INSERT ON product_variants BEGIN
  INSERT INTO price_now_moves (product_ids) VALUES (json_array(NEW.product_id));
END;
CREATE TRIGGER product_variants_price_now_update AFTER UPDATE OF price, product_id ON product_variants BEGIN
  INSERT INTO price_now_moves (product_ids) VALUES (json_array(OLD.product_id, NEW.product_id));
END;
CREATE TRIGGER product_variants_price_now_delete AFTER DELETE ON product_variants BEGIN
  INSERT INTO price_now_moves (product_ids) VALUES (json_array(OLD.product_id));
END;
CREATE TRIGGER collection_products_price_now_insert AFTER INSERT ON collection_products BEGIN
  INSERT INTO price_now_moves (product_ids) VALUES (json_array(NEW.product_id));
END;
CREATE TRIGGER collection_products_price_now_update AFTER UPDATE OF collection_id, product_id ON collection_products BEGIN
  INSERT INTO price_now_moves (product_ids) VALUES (json_array(OLD.product_id, NEW.product_id));
END;
CREATE TRIGGER collection_products_price_now_delete AFTER DELETE ON collection_products BEGIN
  INSERT INTO price_now_moves (product_ids) VALUES (json_array(OLD.product_id));
END;

-- A sale written: its targets, when it is live now (new side) or its price may still be in
-- price_now (old side: started, and its end not yet seen by the Cron's last check). A sale still
-- to start changes nothing now: the Cron reads its targets again when it starts.
CREATE TRIGGER sales_price_now_insert AFTER INSERT ON sales
  WHEN NEW.starts_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AND NEW.ends_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') BEGIN
  INSERT INTO price_now_moves VALUES (NEW.product_ids, NEW.collection_ids, NEW.variant_ids);
END;
CREATE TRIGGER sales_price_now_update_new
  AFTER UPDATE OF kind, value, starts_at, ends_at, product_ids, collection_ids, variant_ids ON sales
  WHEN NEW.starts_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AND NEW.ends_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') BEGIN
  INSERT INTO price_now_moves VALUES (NEW.product_ids, NEW.collection_ids, NEW.variant_ids);
END;
CREATE TRIGGER sales_price_now_update_old
  AFTER UPDATE OF kind, value, starts_at, ends_at, product_ids, collection_ids, variant_ids ON sales
  WHEN OLD.starts_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    AND OLD.ends_at > coalesce((SELECT sales_checked_at FROM cache_version WHERE id = 1), '') BEGIN
  INSERT INTO price_now_moves VALUES (OLD.product_ids, OLD.collection_ids, OLD.variant_ids);
END;
CREATE TRIGGER sales_price_now_delete AFTER DELETE ON sales
  WHEN OLD.starts_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    AND OLD.ends_at > coalesce((SELECT sales_checked_at FROM cache_version WHERE id = 1), '') BEGIN
  INSERT INTO price_now_moves VALUES (OLD.product_ids, OLD.collection_ids, OLD.variant_ids);
END;

-- Every product's price now, live sales included.
INSERT INTO price_now_moves DEFAULT VALUES;
