-- Delivery address and shipping cost (issue 14, decision 012).

-- Shipping zones of the admin's 'Pengiriman' section. An area is a province code
-- ('32') or a regency/city code ('32.71', for Jabodetabek, which is no province);
-- an address takes the zone of its regency when one lists it, else of its province.
-- The primary key keeps each area in one zone at most.
CREATE TABLE shipping_zones (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 80),
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE shipping_zone_areas (
  area_code TEXT PRIMARY KEY NOT NULL CHECK (area_code GLOB '[0-9][0-9]' OR area_code GLOB '[0-9][0-9].[0-9][0-9]'),
  zone_id TEXT NOT NULL REFERENCES shipping_zones (id) ON DELETE CASCADE
);
CREATE INDEX shipping_zone_areas_zone ON shipping_zone_areas (zone_id);

-- Fee = flat fee + per-item fee for every item after the first (integer rupiah).
CREATE TABLE shipping_services (
  id TEXT PRIMARY KEY NOT NULL,
  zone_id TEXT NOT NULL REFERENCES shipping_zones (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 60),
  base_fee INTEGER NOT NULL CHECK (typeof(base_fee) = 'integer' AND base_fee BETWEEN 0 AND 10000000),
  per_item_fee INTEGER NOT NULL DEFAULT 0 CHECK (typeof(per_item_fee) = 'integer' AND per_item_fee BETWEEN 0 AND 10000000),
  eta_min_days INTEGER NOT NULL CHECK (typeof(eta_min_days) = 'integer' AND eta_min_days BETWEEN 0 AND 60),
  eta_max_days INTEGER NOT NULL CHECK (typeof(eta_max_days) = 'integer' AND eta_max_days BETWEEN eta_min_days AND 60),
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX shipping_services_zone ON shipping_services (zone_id, position);

-- Seeded from the spec's shipping text: Jabodetabek 1-2 working days, Java 2-3, outside Java 3-7.
INSERT INTO shipping_zones (id, name, position) VALUES
  ('jabodetabek', 'Jabodetabek', 0),
  ('jawa', 'Pulau Jawa', 1),
  ('luar-jawa', 'Luar Pulau Jawa', 2);

INSERT INTO shipping_zone_areas (area_code, zone_id) VALUES
  -- DKI Jakarta, Kab./Kota Bogor, Kota Depok, Kab./Kota Tangerang, Kota Tangerang Selatan, Kab./Kota Bekasi
  ('31', 'jabodetabek'),
  ('32.01', 'jabodetabek'),
  ('32.71', 'jabodetabek'),
  ('32.76', 'jabodetabek'),
  ('36.03', 'jabodetabek'),
  ('36.71', 'jabodetabek'),
  ('36.74', 'jabodetabek'),
  ('32.16', 'jabodetabek'),
  ('32.75', 'jabodetabek'),
  ('32', 'jawa'),
  ('33', 'jawa'),
  ('34', 'jawa'),
  ('35', 'jawa'),
  ('36', 'jawa'),
  ('11', 'luar-jawa'),
  ('12', 'luar-jawa'),
  ('13', 'luar-jawa'),
  ('14', 'luar-jawa'),
  ('15', 'luar-jawa'),
  ('16', 'luar-jawa'),
  ('17', 'luar-jawa'),
  ('18', 'luar-jawa'),
  ('19', 'luar-jawa'),
  ('21', 'luar-jawa'),
  ('51', 'luar-jawa'),
  ('52', 'luar-jawa'),
  ('53', 'luar-jawa'),
  ('61', 'luar-jawa'),
  ('62', 'luar-jawa'),
  ('63', 'luar-jawa'),
  ('64', 'luar-jawa'),
  ('65', 'luar-jawa'),
  ('71', 'luar-jawa'),
  ('72', 'luar-jawa'),
  ('73', 'luar-jawa'),
  ('74', 'luar-jawa'),
  ('75', 'luar-jawa'),
  ('76', 'luar-jawa'),
  ('81', 'luar-jawa'),
  ('82', 'luar-jawa'),
  ('91', 'luar-jawa'),
  ('92', 'luar-jawa'),
  ('93', 'luar-jawa'),
  ('94', 'luar-jawa'),
  ('95', 'luar-jawa'),
  ('96', 'luar-jawa');

INSERT INTO shipping_services (id, zone_id, name, base_fee, per_item_fee, eta_min_days, eta_max_days, position) VALUES
  ('jabodetabek-reguler', 'jabodetabek', 'Reguler', 15000, 2000, 1, 2, 0),
  ('jabodetabek-kilat', 'jabodetabek', 'Kilat', 25000, 3000, 1, 1, 1),
  ('jawa-reguler', 'jawa', 'Reguler', 20000, 3000, 2, 3, 0),
  ('jawa-kilat', 'jawa', 'Kilat', 35000, 4000, 1, 2, 1),
  ('luar-jawa-reguler', 'luar-jawa', 'Reguler', 35000, 5000, 3, 7, 0),
  ('luar-jawa-kilat', 'luar-jawa', 'Kilat', 60000, 7000, 2, 4, 1);

-- A signed-in customer's address book: at most 10 addresses, at most one default.
CREATE TABLE customer_addresses (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  customer_name TEXT NOT NULL CHECK (length(trim(customer_name)) BETWEEN 1 AND 120),
  customer_phone TEXT NOT NULL CHECK (customer_phone GLOB '+62[1-9]*' AND length(customer_phone) BETWEEN 10 AND 16),
  province_code TEXT NOT NULL,
  regency_code TEXT NOT NULL,
  district_code TEXT NOT NULL,
  postal_code TEXT NOT NULL CHECK (postal_code GLOB '[0-9][0-9][0-9][0-9][0-9]'),
  street TEXT NOT NULL CHECK (length(trim(street)) BETWEEN 1 AND 500),
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX customer_addresses_user ON customer_addresses (user_id, created_at);
CREATE UNIQUE INDEX customer_addresses_one_default ON customer_addresses (user_id) WHERE is_default = 1;
-- The bound holds under concurrent requests too: the route's own check only words the error.
CREATE TRIGGER customer_addresses_limit BEFORE INSERT ON customer_addresses
WHEN (SELECT count(*) FROM customer_addresses WHERE user_id = NEW.user_id) >= 10
BEGIN
  SELECT RAISE(ABORT, 'address_limit');
END;

-- The order keeps the delivery address in parts (names as they were at checkout;
-- customer_address holds the composed text) and the shipping service as chosen.
-- total_amount = subtotal_amount + shipping_fee (+ the transfer's unique code, later).
ALTER TABLE orders ADD COLUMN subtotal_amount INTEGER NOT NULL DEFAULT 0 CHECK (typeof(subtotal_amount) = 'integer' AND subtotal_amount >= 0);
ALTER TABLE orders ADD COLUMN shipping_fee INTEGER NOT NULL DEFAULT 0 CHECK (typeof(shipping_fee) = 'integer' AND shipping_fee >= 0);
ALTER TABLE orders ADD COLUMN shipping_service TEXT;
ALTER TABLE orders ADD COLUMN shipping_zone TEXT;
ALTER TABLE orders ADD COLUMN shipping_eta_min_days INTEGER;
ALTER TABLE orders ADD COLUMN shipping_eta_max_days INTEGER;
ALTER TABLE orders ADD COLUMN province_code TEXT;
ALTER TABLE orders ADD COLUMN province_name TEXT;
ALTER TABLE orders ADD COLUMN regency_code TEXT;
ALTER TABLE orders ADD COLUMN regency_name TEXT;
ALTER TABLE orders ADD COLUMN district_code TEXT;
ALTER TABLE orders ADD COLUMN district_name TEXT;
ALTER TABLE orders ADD COLUMN postal_code TEXT;
-- Orders placed before shipping existed: their total was the items alone.
UPDATE orders SET subtotal_amount = total_amount;
