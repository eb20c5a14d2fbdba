-- The edge cache's version (docs/decisions/021-edge-cache.md). Guests' answers are kept in the
-- Workers Cache API under a key holding this token; a write to anything a guest's page or API
-- answer shows draws a new one in the same statement, so the next guest read misses and renders anew.
-- Triggers, not the routes: no write path (admin, checkout taking stock, the Cron's expiry giving it
-- back, a direct SQL fix) can forget. A random token, not a counter: a database restored to an
-- earlier point never meets the keys of answers cached after it.
CREATE TABLE cache_version (
  id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
  token TEXT NOT NULL
);
INSERT INTO cache_version (id, token) VALUES (1, lower(hex(randomblob(8))));

CREATE TRIGGER site_settings_cache_insert AFTER INSERT ON site_settings BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER site_settings_cache_update AFTER UPDATE ON site_settings BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER site_settings_cache_delete AFTER DELETE ON site_settings BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER products_cache_insert AFTER INSERT ON products BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER products_cache_update AFTER UPDATE ON products BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER products_cache_delete AFTER DELETE ON products BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER product_variants_cache_insert AFTER INSERT ON product_variants BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER product_variants_cache_update AFTER UPDATE ON product_variants BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER product_variants_cache_delete AFTER DELETE ON product_variants BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER product_images_cache_insert AFTER INSERT ON product_images BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER product_images_cache_update AFTER UPDATE ON product_images BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER product_images_cache_delete AFTER DELETE ON product_images BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER product_notes_cache_insert AFTER INSERT ON product_notes BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER product_notes_cache_update AFTER UPDATE ON product_notes BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER product_notes_cache_delete AFTER DELETE ON product_notes BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER scent_notes_cache_insert AFTER INSERT ON scent_notes BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER scent_notes_cache_update AFTER UPDATE ON scent_notes BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER scent_notes_cache_delete AFTER DELETE ON scent_notes BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER collections_cache_insert AFTER INSERT ON collections BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER collections_cache_update AFTER UPDATE ON collections BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER collections_cache_delete AFTER DELETE ON collections BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER collection_products_cache_insert AFTER INSERT ON collection_products BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER collection_products_cache_update AFTER UPDATE ON collection_products BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER collection_products_cache_delete AFTER DELETE ON collection_products BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER shipping_zones_cache_insert AFTER INSERT ON shipping_zones BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER shipping_zones_cache_update AFTER UPDATE ON shipping_zones BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER shipping_zones_cache_delete AFTER DELETE ON shipping_zones BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER shipping_zone_areas_cache_insert AFTER INSERT ON shipping_zone_areas BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER shipping_zone_areas_cache_update AFTER UPDATE ON shipping_zone_areas BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER shipping_zone_areas_cache_delete AFTER DELETE ON shipping_zone_areas BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

CREATE TRIGGER shipping_services_cache_insert AFTER INSERT ON shipping_services BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER shipping_services_cache_update AFTER UPDATE ON shipping_services BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER shipping_services_cache_delete AFTER DELETE ON shipping_services BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;

-- The FAQ and the policies live among the customer-service records; the shoppers' own messages do not bump.
CREATE TRIGGER customer_service_cache_insert AFTER INSERT ON customer_service WHEN new.category IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions') BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER customer_service_cache_update AFTER UPDATE ON customer_service WHEN old.category IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions') OR new.category IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions') BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
CREATE TRIGGER customer_service_cache_delete AFTER DELETE ON customer_service WHEN old.category IN ('faq', 'shipping-policy', 'returns-policy', 'privacy-policy', 'terms-conditions') BEGIN UPDATE cache_version SET token = lower(hex(randomblob(8))) WHERE id = 1; END;
