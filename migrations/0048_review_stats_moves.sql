-- One home for the product's review figures (0036 wrote their SET list four times, once per way a
-- published review enters or leaves them). A review's entry (+1) or exit (-1) is now a row written
-- to `review_stat_moves`, and the one trigger on that table moves the figures and removes the row:
-- the table is always empty between statements.
DROP TRIGGER reviews_stats_insert;
DROP TRIGGER reviews_stats_update_new;
DROP TRIGGER reviews_stats_update_old;
DROP TRIGGER reviews_stats_delete;

CREATE TABLE review_stat_moves (
  sign INTEGER NOT NULL CHECK (sign IN (-1, 1)),
  product_id TEXT NOT NULL,
  rating INTEGER NOT NULL,
  wear_hours INTEGER,
  projection TEXT,
  worn_in_heat INTEGER,
  for_office INTEGER NOT NULL,
  for_night INTEGER NOT NULL,
  for_event INTEGER NOT NULL,
  for_daily INTEGER NOT NULL
);

CREATE TRIGGER review_stat_moves_apply AFTER INSERT ON review_stat_moves BEGIN
  INSERT OR IGNORE INTO product_review_stats (product_id) VALUES (NEW.product_id);
  UPDATE product_review_stats SET
    review_count = review_count + NEW.sign, rating_total = rating_total + NEW.sign * NEW.rating,
    stars_1 = stars_1 + NEW.sign * (NEW.rating = 1), stars_2 = stars_2 + NEW.sign * (NEW.rating = 2),
    stars_3 = stars_3 + NEW.sign * (NEW.rating = 3), stars_4 = stars_4 + NEW.sign * (NEW.rating = 4),
    stars_5 = stars_5 + NEW.sign * (NEW.rating = 5),
    wear_count = wear_count + NEW.sign * (NEW.wear_hours IS NOT NULL),
    wear_hours_total = wear_hours_total + NEW.sign * coalesce(NEW.wear_hours, 0),
    projection_dekat = projection_dekat + NEW.sign * (NEW.projection IS 'dekat'),
    projection_sedang = projection_sedang + NEW.sign * (NEW.projection IS 'sedang'),
    projection_kuat = projection_kuat + NEW.sign * (NEW.projection IS 'kuat'),
    heat_count = heat_count + NEW.sign * coalesce(NEW.worn_in_heat, 0),
    for_office = for_office + NEW.sign * NEW.for_office, for_night = for_night + NEW.sign * NEW.for_night,
    for_event = for_event + NEW.sign * NEW.for_event, for_daily = for_daily + NEW.sign * NEW.for_daily
  WHERE product_id = NEW.product_id;
  DELETE FROM review_stat_moves WHERE rowid = NEW.rowid;
END;

-- A published review enters its product's figures; leaving 'published', or changing while published
-- (the old values out, the new in), moves them back. A helpful vote changes none of these columns.
CREATE TRIGGER reviews_stats_insert AFTER INSERT ON reviews WHEN NEW.status = 'published' BEGIN
  INSERT INTO review_stat_moves VALUES (1, NEW.product_id, NEW.rating, NEW.wear_hours, NEW.projection,
    NEW.worn_in_heat, NEW.for_office, NEW.for_night, NEW.for_event, NEW.for_daily);
END;
CREATE TRIGGER reviews_stats_update_old
  AFTER UPDATE OF product_id, rating, wear_hours, projection, worn_in_heat, for_office, for_night, for_event, for_daily, status
  ON reviews WHEN OLD.status = 'published' BEGIN
  INSERT INTO review_stat_moves VALUES (-1, OLD.product_id, OLD.rating, OLD.wear_hours, OLD.projection,
    OLD.worn_in_heat, OLD.for_office, OLD.for_night, OLD.for_event, OLD.for_daily);
END;
CREATE TRIGGER reviews_stats_update_new
  AFTER UPDATE OF product_id, rating, wear_hours, projection, worn_in_heat, for_office, for_night, for_event, for_daily, status
  ON reviews WHEN NEW.status = 'published' BEGIN
  INSERT INTO review_stat_moves VALUES (1, NEW.product_id, NEW.rating, NEW.wear_hours, NEW.projection,
    NEW.worn_in_heat, NEW.for_office, NEW.for_night, NEW.for_event, NEW.for_daily);
END;
CREATE TRIGGER reviews_stats_delete AFTER DELETE ON reviews WHEN OLD.status = 'published' BEGIN
  INSERT INTO review_stat_moves VALUES (-1, OLD.product_id, OLD.rating, OLD.wear_hours, OLD.projection,
    OLD.worn_in_heat, OLD.for_office, OLD.for_night, OLD.for_event, OLD.for_daily);
END;
