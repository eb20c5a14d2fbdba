-- Issue 31 (decision 032): live courier rates by weight and destination, shipments booked
-- through a courier aggregator, tracking that moves the order.

-- Each size's shipping weight (grams) and optional box dimensions (cm). A size written before
-- this migration gets an estimate from its volume (glass bottle, juice and box: 120 g + 3 g/ml;
-- 300 g when the size is unknown) flagged `weight_estimated = 1`: the admin's low-data view lists
-- those until someone enters the real weight. A row written without a weight is flagged too.
ALTER TABLE product_variants ADD COLUMN weight_grams INTEGER NOT NULL DEFAULT 300
  CHECK (typeof(weight_grams) = 'integer' AND weight_grams BETWEEN 1 AND 30000);
ALTER TABLE product_variants ADD COLUMN weight_estimated INTEGER NOT NULL DEFAULT 1
  CHECK (weight_estimated IN (0, 1));
ALTER TABLE product_variants ADD COLUMN length_cm INTEGER
  CHECK (length_cm IS NULL OR (typeof(length_cm) = 'integer' AND length_cm BETWEEN 1 AND 150));
ALTER TABLE product_variants ADD COLUMN width_cm INTEGER
  CHECK (width_cm IS NULL OR (typeof(width_cm) = 'integer' AND width_cm BETWEEN 1 AND 150));
ALTER TABLE product_variants ADD COLUMN height_cm INTEGER
  CHECK (height_cm IS NULL OR (typeof(height_cm) = 'integer' AND height_cm BETWEEN 1 AND 150));
UPDATE product_variants
  SET weight_grams = CASE WHEN size_ml IS NULL THEN 300 ELSE min(30000, 120 + 3 * size_ml) END,
      weight_estimated = 1;
-- The low-data view: sizes whose weight is still the estimate, by product.
CREATE INDEX product_variants_weight_estimated ON product_variants (product_id, id) WHERE weight_estimated = 1;

-- What the order was priced with: a courier's service (courier and service codes, the parcel's
-- weight, the quote) or, when these stay NULL, a zone's service of decision 012.
ALTER TABLE orders ADD COLUMN shipping_courier_code TEXT
  CHECK (shipping_courier_code IS NULL OR length(shipping_courier_code) BETWEEN 1 AND 40);
ALTER TABLE orders ADD COLUMN shipping_service_code TEXT
  CHECK (shipping_service_code IS NULL OR length(shipping_service_code) BETWEEN 1 AND 40);
ALTER TABLE orders ADD COLUMN shipping_weight_grams INTEGER
  CHECK (shipping_weight_grams IS NULL OR (typeof(shipping_weight_grams) = 'integer' AND shipping_weight_grams > 0));
ALTER TABLE orders ADD COLUMN shipping_quote_id TEXT;

-- A courier aggregator's answer for one origin, destination and parcel: the cache of rates (a busy
-- day does not ask the aggregator for every page view) and what an order is bound to (the shopper
-- names a quote and an option, never a price). The Cron deletes expired rows in bounded runs.
CREATE TABLE shipping_quotes (
  id TEXT PRIMARY KEY NOT NULL,
  cache_key TEXT NOT NULL CHECK (length(cache_key) BETWEEN 1 AND 200),
  provider TEXT NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  weight_grams INTEGER NOT NULL CHECK (typeof(weight_grams) = 'integer' AND weight_grams > 0),
  destination_postal_code TEXT NOT NULL,
  options TEXT NOT NULL CHECK (json_valid(options)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL
);
CREATE INDEX shipping_quotes_key ON shipping_quotes (cache_key, expires_at);
CREATE INDEX shipping_quotes_expiry ON shipping_quotes (expires_at);

-- One shipment per order, booked through the aggregator: the UNIQUE order_id is the guard of
-- 'Buat Pengiriman' pressed twice (the second insert fails; status 'booking' while the aggregator
-- is asked). check_after is when the Cron asks the aggregator about it next; NULL once final.
CREATE TABLE shipments (
  id TEXT PRIMARY KEY NOT NULL,
  order_id TEXT NOT NULL UNIQUE REFERENCES orders (id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (length(provider) BETWEEN 1 AND 40),
  provider_order_id TEXT,
  courier_code TEXT NOT NULL CHECK (length(courier_code) BETWEEN 1 AND 40),
  service_code TEXT NOT NULL CHECK (length(service_code) BETWEEN 1 AND 40),
  status TEXT NOT NULL CHECK (length(status) BETWEEN 1 AND 40),
  waybill_id TEXT CHECK (waybill_id IS NULL OR length(waybill_id) BETWEEN 1 AND 60),
  tracking_id TEXT,
  tracking_url TEXT CHECK (tracking_url IS NULL OR length(tracking_url) <= 500),
  price INTEGER CHECK (price IS NULL OR (typeof(price) = 'integer' AND price >= 0)),
  check_after TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
-- A webhook names the aggregator's order id.
CREATE UNIQUE INDEX shipments_provider_order ON shipments (provider, provider_order_id);
-- The Cron's poll of open shipments, earliest due first.
CREATE INDEX shipments_check ON shipments (check_after) WHERE check_after IS NOT NULL;

-- The parcel's tracking history as the aggregator confirmed it, oldest first: one row per step
-- of the courier's history (a repeated or late webhook inserts nothing: the primary key).
CREATE TABLE shipment_events (
  shipment_id TEXT NOT NULL REFERENCES shipments (id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (length(status) BETWEEN 1 AND 40),
  note TEXT NOT NULL CHECK (length(note) <= 500),
  happened_at TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('booking', 'webhook', 'poll')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (shipment_id, happened_at, status)
);

-- The timeline learns the courier's steps: 'Kurir menjemput paket', 'Dalam perjalanan' and a
-- problem the courier reports (returned, rejected…). SQLite cannot widen a CHECK in place.
CREATE TABLE order_events_new (
  id TEXT PRIMARY KEY NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('placed', 'receipt_uploaded', 'payment_confirmed', 'payment_rejected', 'shipped', 'picked_up', 'in_transit', 'shipment_issue', 'delivered', 'cancelled', 'expired')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
  actor TEXT NOT NULL CHECK (actor IN ('customer', 'admin', 'system')),
  actor_id TEXT CHECK ((actor = 'system') = (actor_id IS NULL)),
  note TEXT CHECK (note IS NULL OR length(note) <= 600),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
INSERT INTO order_events_new (id, order_id, type, status, actor, actor_id, note, created_at)
  SELECT id, order_id, type, status, actor, actor_id, note, created_at FROM order_events;
DROP TABLE order_events;
ALTER TABLE order_events_new RENAME TO order_events;
CREATE INDEX order_events_order ON order_events (order_id, created_at);
