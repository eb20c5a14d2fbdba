-- Issue 41, the last of "Reviews that mean something" (decisions 040 and 047, amended).

-- The home's testimonials: the published reviews with the most stars, the newest among equals, of
-- a text neither too short to say anything nor too long for a card (TESTIMONIAL_MIN/MAX_LENGTH of
-- the contracts). Walked in order, the read stops at its third row. The query repeats the WHERE
-- word for word, literals included, so SQLite can use the partial index.
CREATE INDEX reviews_best ON reviews (rating DESC, published_at DESC, id)
  WHERE status = 'published' AND length(body) >= 40 AND length(body) <= 300;

-- A photo uploaded through a review request email's link (no session) names the product the link
-- names: only that customer's review of that product takes it. Null for a signed-in upload.
ALTER TABLE review_photos ADD COLUMN product_id TEXT REFERENCES products (id) ON DELETE CASCADE;
-- The link's count of a customer's photos of the product not yet in a review (at most 3), and the
-- foreign key's lookup when a product is deleted; signed-in uploads (null) stay out of it.
CREATE INDEX review_photos_product ON review_photos (product_id, user_id) WHERE product_id IS NOT NULL;
