-- Verified reviews (issue 41): one per product per customer who received it, moderated before
-- shoppers see it. The product's figures (average, distribution, wear-test summary) are kept in
-- product_review_stats by triggers in the statement of each write, so a shopper's read never
-- scans the reviews; the admin's list totals are kept in counters as 0012's are.
CREATE TABLE reviews (
  id TEXT PRIMARY KEY NOT NULL,
  product_id TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body TEXT NOT NULL,
  -- The tropical wear-test: all of it or none (hours, projection and heat together).
  wear_hours INTEGER CHECK (wear_hours BETWEEN 1 AND 48),
  projection TEXT CHECK (projection IN ('dekat', 'sedang', 'kuat')),
  worn_in_heat INTEGER CHECK (worn_in_heat IN (0, 1)),
  for_office INTEGER NOT NULL DEFAULT 0 CHECK (for_office IN (0, 1)),
  for_night INTEGER NOT NULL DEFAULT 0 CHECK (for_night IN (0, 1)),
  for_event INTEGER NOT NULL DEFAULT 0 CHECK (for_event IN (0, 1)),
  for_daily INTEGER NOT NULL DEFAULT 0 CHECK (for_daily IN (0, 1)),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'published', 'hidden')),
  hidden_reason TEXT,
  reply TEXT,
  replied_at TEXT,
  helpful_count INTEGER NOT NULL DEFAULT 0 CHECK (helpful_count >= 0),
  -- When it was written or last edited: the moderation queue's order.
  submitted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  published_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((wear_hours IS NULL) = (projection IS NULL) AND (wear_hours IS NULL) = (worn_in_heat IS NULL)),
  CHECK ((status = 'hidden') = (hidden_reason IS NOT NULL)),
  CHECK (status <> 'published' OR published_at IS NOT NULL)
);
-- One per product per customer: of two racing first reviews the second insert fails here.
CREATE UNIQUE INDEX reviews_product_user ON reviews (product_id, user_id);
CREATE INDEX reviews_user ON reviews (user_id);
-- The shoppers' two orders of a product's published reviews (keyset pages: sort value, id).
CREATE INDEX reviews_published_newest ON reviews (product_id, published_at DESC, id) WHERE status = 'published';
CREATE INDEX reviews_published_helpful ON reviews (product_id, helpful_count DESC, id) WHERE status = 'published';
-- The admin's moderation lists, newest submission first (keyset by submitted_at, rowid).
CREATE INDEX reviews_status_submitted ON reviews (status, submitted_at DESC);

-- A review's photos, uploaded by the customer before the review is saved (POST /api/reviews/photos)
-- and stored like the catalogue's; review_id is null until a review takes them.
CREATE TABLE review_photos (
  image_key TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  review_id TEXT REFERENCES reviews (id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  -- '320,720,1200' as product_images.widths; '' when no smaller copies came.
  widths TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX review_photos_user_unused ON review_photos (user_id) WHERE review_id IS NULL;
CREATE INDEX review_photos_user ON review_photos (user_id);
CREATE INDEX review_photos_review ON review_photos (review_id, position);

-- 'Membantu' votes: one per customer per review; helpful_count follows by trigger.
CREATE TABLE review_votes (
  review_id TEXT NOT NULL REFERENCES reviews (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (review_id, user_id)
);
CREATE INDEX review_votes_user ON review_votes (user_id);
CREATE TRIGGER review_votes_count_insert AFTER INSERT ON review_votes BEGIN
  UPDATE reviews SET helpful_count = helpful_count + 1 WHERE id = NEW.review_id;
END;
CREATE TRIGGER review_votes_count_delete AFTER DELETE ON review_votes BEGIN
  UPDATE reviews SET helpful_count = helpful_count - 1 WHERE id = OLD.review_id;
END;

-- The published reviews' figures of each product (a row from its first published review).
CREATE TABLE product_review_stats (
  product_id TEXT PRIMARY KEY NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  review_count INTEGER NOT NULL DEFAULT 0,
  rating_total INTEGER NOT NULL DEFAULT 0,
  stars_1 INTEGER NOT NULL DEFAULT 0,
  stars_2 INTEGER NOT NULL DEFAULT 0,
  stars_3 INTEGER NOT NULL DEFAULT 0,
  stars_4 INTEGER NOT NULL DEFAULT 0,
  stars_5 INTEGER NOT NULL DEFAULT 0,
  -- Of the reviews with a wear-test: how many, their hours summed, projections, occasions, heat.
  wear_count INTEGER NOT NULL DEFAULT 0,
  wear_hours_total INTEGER NOT NULL DEFAULT 0,
  projection_dekat INTEGER NOT NULL DEFAULT 0,
  projection_sedang INTEGER NOT NULL DEFAULT 0,
  projection_kuat INTEGER NOT NULL DEFAULT 0,
  heat_count INTEGER NOT NULL DEFAULT 0,
  for_office INTEGER NOT NULL DEFAULT 0,
  for_night INTEGER NOT NULL DEFAULT 0,
  for_event INTEGER NOT NULL DEFAULT 0,
  for_daily INTEGER NOT NULL DEFAULT 0
);

-- A published review enters its product's figures; leaving 'published', or changing while published
-- (the old values out, the new in), moves them back. A helpful vote changes none of these columns.
CREATE TRIGGER reviews_stats_insert AFTER INSERT ON reviews WHEN NEW.status = 'published' BEGIN
  INSERT OR IGNORE INTO product_review_stats (product_id) VALUES (NEW.product_id);
  UPDATE product_review_stats SET
    review_count = review_count + 1, rating_total = rating_total + NEW.rating,
    stars_1 = stars_1 + (NEW.rating = 1), stars_2 = stars_2 + (NEW.rating = 2), stars_3 = stars_3 + (NEW.rating = 3),
    stars_4 = stars_4 + (NEW.rating = 4), stars_5 = stars_5 + (NEW.rating = 5),
    wear_count = wear_count + (NEW.wear_hours IS NOT NULL), wear_hours_total = wear_hours_total + coalesce(NEW.wear_hours, 0),
    projection_dekat = projection_dekat + (NEW.projection IS 'dekat'), projection_sedang = projection_sedang + (NEW.projection IS 'sedang'),
    projection_kuat = projection_kuat + (NEW.projection IS 'kuat'), heat_count = heat_count + coalesce(NEW.worn_in_heat, 0),
    for_office = for_office + NEW.for_office, for_night = for_night + NEW.for_night,
    for_event = for_event + NEW.for_event, for_daily = for_daily + NEW.for_daily
  WHERE product_id = NEW.product_id;
END;
CREATE TRIGGER reviews_stats_update_new
  AFTER UPDATE OF product_id, rating, wear_hours, projection, worn_in_heat, for_office, for_night, for_event, for_daily, status
  ON reviews WHEN NEW.status = 'published' BEGIN
  INSERT OR IGNORE INTO product_review_stats (product_id) VALUES (NEW.product_id);
  UPDATE product_review_stats SET
    review_count = review_count + 1, rating_total = rating_total + NEW.rating,
    stars_1 = stars_1 + (NEW.rating = 1), stars_2 = stars_2 + (NEW.rating = 2), stars_3 = stars_3 + (NEW.rating = 3),
    stars_4 = stars_4 + (NEW.rating = 4), stars_5 = stars_5 + (NEW.rating = 5),
    wear_count = wear_count + (NEW.wear_hours IS NOT NULL), wear_hours_total = wear_hours_total + coalesce(NEW.wear_hours, 0),
    projection_dekat = projection_dekat + (NEW.projection IS 'dekat'), projection_sedang = projection_sedang + (NEW.projection IS 'sedang'),
    projection_kuat = projection_kuat + (NEW.projection IS 'kuat'), heat_count = heat_count + coalesce(NEW.worn_in_heat, 0),
    for_office = for_office + NEW.for_office, for_night = for_night + NEW.for_night,
    for_event = for_event + NEW.for_event, for_daily = for_daily + NEW.for_daily
  WHERE product_id = NEW.product_id;
END;
CREATE TRIGGER reviews_stats_update_old
  AFTER UPDATE OF product_id, rating, wear_hours, projection, worn_in_heat, for_office, for_night, for_event, for_daily, status
  ON reviews WHEN OLD.status = 'published' BEGIN
  UPDATE product_review_stats SET
    review_count = review_count - 1, rating_total = rating_total - OLD.rating,
    stars_1 = stars_1 - (OLD.rating = 1), stars_2 = stars_2 - (OLD.rating = 2), stars_3 = stars_3 - (OLD.rating = 3),
    stars_4 = stars_4 - (OLD.rating = 4), stars_5 = stars_5 - (OLD.rating = 5),
    wear_count = wear_count - (OLD.wear_hours IS NOT NULL), wear_hours_total = wear_hours_total - coalesce(OLD.wear_hours, 0),
    projection_dekat = projection_dekat - (OLD.projection IS 'dekat'), projection_sedang = projection_sedang - (OLD.projection IS 'sedang'),
    projection_kuat = projection_kuat - (OLD.projection IS 'kuat'), heat_count = heat_count - coalesce(OLD.worn_in_heat, 0),
    for_office = for_office - OLD.for_office, for_night = for_night - OLD.for_night,
    for_event = for_event - OLD.for_event, for_daily = for_daily - OLD.for_daily
  WHERE product_id = OLD.product_id;
END;
CREATE TRIGGER reviews_stats_delete AFTER DELETE ON reviews WHEN OLD.status = 'published' BEGIN
  UPDATE product_review_stats SET
    review_count = review_count - 1, rating_total = rating_total - OLD.rating,
    stars_1 = stars_1 - (OLD.rating = 1), stars_2 = stars_2 - (OLD.rating = 2), stars_3 = stars_3 - (OLD.rating = 3),
    stars_4 = stars_4 - (OLD.rating = 4), stars_5 = stars_5 - (OLD.rating = 5),
    wear_count = wear_count - (OLD.wear_hours IS NOT NULL), wear_hours_total = wear_hours_total - coalesce(OLD.wear_hours, 0),
    projection_dekat = projection_dekat - (OLD.projection IS 'dekat'), projection_sedang = projection_sedang - (OLD.projection IS 'sedang'),
    projection_kuat = projection_kuat - (OLD.projection IS 'kuat'), heat_count = heat_count - coalesce(OLD.worn_in_heat, 0),
    for_office = for_office - OLD.for_office, for_night = for_night - OLD.for_night,
    for_event = for_event - OLD.for_event, for_daily = for_daily - OLD.for_daily
  WHERE product_id = OLD.product_id;
END;

-- The admin's list totals by status.
INSERT INTO counters (name, value) VALUES ('reviews:pending', 0), ('reviews:published', 0), ('reviews:hidden', 0);
CREATE TRIGGER reviews_count_insert AFTER INSERT ON reviews BEGIN
  UPDATE counters SET value = value + 1 WHERE name = 'reviews:' || NEW.status;
END;
CREATE TRIGGER reviews_count_update AFTER UPDATE OF status ON reviews WHEN OLD.status <> NEW.status BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'reviews:' || OLD.status;
  UPDATE counters SET value = value + 1 WHERE name = 'reviews:' || NEW.status;
END;
CREATE TRIGGER reviews_count_delete AFTER DELETE ON reviews BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'reviews:' || OLD.status;
END;

-- The edge cache (0018): what guests see of reviews is the published ones (their text, reply,
-- photos) and the figures above, which change only with them. A 'Membantu' vote is left out: it
-- moves helpful_count alone, and one vote must not empty every guest's cached page; the count a
-- cached page shows catches up with the next change or the cache's expiry.
CREATE TRIGGER reviews_cache_insert AFTER INSERT ON reviews WHEN NEW.status = 'published' BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER reviews_cache_update
AFTER UPDATE OF rating, body, wear_hours, projection, worn_in_heat, for_office, for_night, for_event, for_daily, status, reply, published_at ON reviews
WHEN OLD.status = 'published' OR NEW.status = 'published' BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER reviews_cache_delete AFTER DELETE ON reviews WHEN OLD.status = 'published' BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
