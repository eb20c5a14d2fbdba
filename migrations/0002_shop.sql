-- Tables of product.md §3 plus what auth and content need. Guards live in constraints:
-- D1 has no BEGIN/COMMIT and a statement that changes 0 rows does not fail a batch.

CREATE TABLE users (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254 AND email LIKE '%_@_%'),
  password_hash TEXT NOT NULL CHECK (password_hash LIKE 'pbkdf2-sha256$%'),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE profiles (
  id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(trim(name)) >= 2),
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'admin')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Refresh tokens: only their SHA-256 is stored. A family is one sign-in; rotation
-- marks the old token rotated, and reuse of a rotated token revokes the family.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  rotated_at TEXT,
  revoked_at TEXT
);
CREATE INDEX sessions_family ON sessions (family_id);
CREATE INDEX sessions_user ON sessions (user_id);

-- One-time links sent by email (new-address confirmation, password reset); hashed.
CREATE TABLE email_tokens (
  token_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('email_change', 'password_reset')),
  new_email TEXT,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (purpose <> 'email_change' OR new_email IS NOT NULL)
);
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);

-- Failed sign-ins per key ('email:…' or 'ip:…') in a fixed window, for throttling.
CREATE TABLE login_attempts (
  key TEXT PRIMARY KEY NOT NULL,
  failures INTEGER NOT NULL CHECK (failures >= 0),
  window_start TEXT NOT NULL
);

CREATE TABLE email_outbox (
  id TEXT PRIMARY KEY NOT NULL,
  to_address TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
);
CREATE INDEX email_outbox_pending ON email_outbox (sent_at, created_at);

CREATE TABLE products (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL CHECK (length(trim(name)) >= 3 AND length(name) <= 200),
  description TEXT NOT NULL CHECK (length(trim(description)) >= 10 AND length(description) <= 5000),
  price INTEGER NOT NULL CHECK (typeof(price) = 'integer' AND price BETWEEN 0 AND 1000000000),
  image TEXT NOT NULL CHECK (length(image) BETWEEN 1 AND 2048),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX products_created ON products (created_at DESC, id);
CREATE INDEX products_name ON products (name COLLATE NOCASE);

CREATE TABLE collections (
  id TEXT PRIMARY KEY NOT NULL,
  slug TEXT NOT NULL UNIQUE CHECK (slug GLOB '[a-z0-9]*' AND slug NOT GLOB '*[^a-z0-9-]*' AND length(slug) <= 80),
  name TEXT NOT NULL CHECK (length(trim(name)) >= 1 AND length(name) <= 120),
  description TEXT CHECK (description IS NULL OR length(description) <= 2000),
  image TEXT CHECK (image IS NULL OR length(image) <= 2048),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX collections_created ON collections (created_at DESC, id);

CREATE TABLE collection_products (
  collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (collection_id, product_id)
);
CREATE INDEX collection_products_product ON collection_products (product_id);

CREATE TABLE orders (
  id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id),
  customer_name TEXT NOT NULL CHECK (length(trim(customer_name)) >= 1 AND length(customer_name) <= 120),
  customer_email TEXT NOT NULL CHECK (length(customer_email) BETWEEN 3 AND 254),
  customer_phone TEXT CHECK (customer_phone IS NULL OR length(customer_phone) BETWEEN 1 AND 32),
  customer_address TEXT NOT NULL CHECK (length(trim(customer_address)) >= 1 AND length(customer_address) <= 1000),
  total_amount INTEGER NOT NULL CHECK (typeof(total_amount) = 'integer' AND total_amount >= 0),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX orders_user_created ON orders (user_id, created_at DESC);
CREATE INDEX orders_created ON orders (created_at DESC, id);
CREATE INDEX orders_status_created ON orders (status, created_at DESC);

CREATE TABLE order_items (
  id TEXT PRIMARY KEY NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  -- Kept when the product is later deleted: the line keeps its name and price.
  product_id TEXT REFERENCES products (id) ON DELETE SET NULL,
  product_name TEXT NOT NULL,
  product_price INTEGER NOT NULL CHECK (typeof(product_price) = 'integer' AND product_price >= 0),
  quantity INTEGER NOT NULL CHECK (typeof(quantity) = 'integer' AND quantity BETWEEN 1 AND 99),
  subtotal INTEGER NOT NULL CHECK (subtotal = product_price * quantity)
);
CREATE INDEX order_items_order ON order_items (order_id);

-- A retried or double-clicked checkout with the same key returns the first order.
CREATE TABLE idempotency_keys (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key TEXT NOT NULL CHECK (length(key) BETWEEN 8 AND 128),
  order_id TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, key)
);

-- Customer-service records; also the store of FAQ entries and the four policies.
CREATE TABLE customer_service (
  id TEXT PRIMARY KEY NOT NULL,
  title TEXT NOT NULL CHECK (length(trim(title)) >= 1 AND length(title) <= 300),
  description TEXT NOT NULL DEFAULT '' CHECK (length(description) <= 20000),
  category TEXT NOT NULL DEFAULT 'general' CHECK (category IN ('general', 'technical', 'billing', 'complaint', 'suggestion', 'faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions')),
  priority TEXT NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'pending', 'resolved', 'closed')),
  file_url TEXT CHECK (file_url IS NULL OR length(file_url) <= 2048),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX customer_service_category_created ON customer_service (category, created_at DESC);
CREATE INDEX customer_service_created ON customer_service (created_at DESC, id);
-- One record per policy: the editors upsert by category.
CREATE UNIQUE INDEX customer_service_one_policy ON customer_service (category)
  WHERE category IN ('shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions');
