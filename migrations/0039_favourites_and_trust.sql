-- Favourites and trust marks (issue 41; decision 043).

-- A customer's favourites ('Favorit'): one row per product, newest first on their page.
CREATE TABLE favorites (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  added_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, product_id)
);
-- The customer's page (added_at DESC, product_id) and a product's delete (its cascade).
CREATE INDEX favorites_user_added ON favorites (user_id, added_at DESC, product_id);
CREATE INDEX favorites_product ON favorites (product_id);
-- At most 200 per account, whatever writes them. Adding one already there is no new row (the
-- insert's ON CONFLICT DO NOTHING), so it is not refused on a full list.
CREATE TRIGGER favorites_limit BEFORE INSERT ON favorites
WHEN NOT EXISTS (SELECT 1 FROM favorites WHERE user_id = NEW.user_id AND product_id = NEW.product_id)
  AND (SELECT count(*) FROM favorites WHERE user_id = NEW.user_id) >= 200
BEGIN
  SELECT RAISE(ABORT, 'favorites_full');
END;

-- A product's trust marks, shown on its page: the BPOM cosmetic notification number with the
-- date its validity ends (a notification is valid three years), a halal certificate number and
-- the ingredients. One row per product that has any.
CREATE TABLE product_trust_marks (
  product_id TEXT PRIMARY KEY NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  bpom_number TEXT,
  -- The last day the notification is valid, 'YYYY-MM-DD' (WIB).
  bpom_valid_until TEXT,
  halal_number TEXT,
  ingredients TEXT,
  CHECK ((bpom_number IS NULL) = (bpom_valid_until IS NULL))
);
-- The Cron's reminders look up the notifications that end soonest.
CREATE INDEX product_trust_marks_valid_until ON product_trust_marks (bpom_valid_until) WHERE bpom_valid_until IS NOT NULL;

-- The edge cache (0018): guests see the trust marks on the product page.
CREATE TRIGGER product_trust_marks_cache_insert AFTER INSERT ON product_trust_marks BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER product_trust_marks_cache_update AFTER UPDATE ON product_trust_marks BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER product_trust_marks_cache_delete AFTER DELETE ON product_trust_marks BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

-- The reminders sent to the shop before a notification's validity ends: one per product, end date
-- and threshold (days before). The key refuses a second one, so a Cron run twice mails once; a
-- renewed notification (another end date) is reminded again.
CREATE TABLE bpom_reminders (
  product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  valid_until TEXT NOT NULL,
  days_before INTEGER NOT NULL,
  sent_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (product_id, valid_until, days_before)
);
