-- Issue 40, timed sales without a code (docs/decisions/046-timed-sales.md): the admin's sale takes
-- a percent or a fixed amount off the sizes it targets from starts_at to ends_at. Every price a
-- shopper sees and checkout charges comes from one SQL expression (worker/src/services/sale-price.ts).
--
-- Times are UTC ISO strings (entered and shown in WIB). Targets are JSON arrays of ids, as the
-- vouchers' (0037); all three empty: every size in the catalogue.
CREATE TABLE sales (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
  value INTEGER NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value < 100)),
  starts_at TEXT NOT NULL,
  ends_at TEXT NOT NULL CHECK (ends_at > starts_at),
  product_ids TEXT NOT NULL DEFAULT '[]',
  collection_ids TEXT NOT NULL DEFAULT '[]',
  variant_ids TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- The sales live now: a range on ends_at > now reads only the current and coming ones, however
-- many have ended; starts_at rides along for the second bound.
CREATE INDEX sales_ends ON sales (ends_at, starts_at);
-- The Cron's boundary check (a start since its last run) and the admin's list, latest start first.
CREATE INDEX sales_starts ON sales (starts_at);

-- A sale's price shows on guests' cached pages: a write to a sale draws a new cache token, as
-- the products' triggers do (0018). Its start and end draw one through the Cron (sales_checked_at).
CREATE TRIGGER sales_cache_insert AFTER INSERT ON sales BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER sales_cache_update AFTER UPDATE ON sales BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER sales_cache_delete AFTER DELETE ON sales BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

-- When the Cron last looked for a sale's start or end: a boundary in (sales_checked_at, now]
-- draws a new token in the same statement that moves this mark.
ALTER TABLE cache_version ADD COLUMN sales_checked_at TEXT;
