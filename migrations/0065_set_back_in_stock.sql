-- 'Kabari Saya' for a discovery set (decision 061, after 042): a set keeps no stock of its own, so
-- back_in_stock_due_on_restock never sees it come back. A sample whose stock grows (or stops being
-- counted) makes due the asks of the sets it is in that can now be bought (the fewest sets their
-- counted samples make is above 0, or none is counted), through variant_components_component.
CREATE TRIGGER back_in_stock_due_on_sample_restock AFTER UPDATE OF stock ON product_variants
WHEN NEW.stock > OLD.stock OR (NEW.stock IS NULL AND OLD.stock IS NOT NULL) BEGIN
  UPDATE back_in_stock_subscriptions SET due_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
  WHERE due_at IS NULL AND variant_id IN (
    SELECT holding.set_variant_id FROM variant_components AS holding
    WHERE holding.component_variant_id = NEW.id
      AND coalesce((
        SELECT min(c.stock / vc.quantity) FROM variant_components AS vc
        JOIN product_variants AS c ON c.id = vc.component_variant_id
        WHERE vc.set_variant_id = holding.set_variant_id
      ), 1) > 0
  );
END;
