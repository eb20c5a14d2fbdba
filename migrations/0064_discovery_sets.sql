-- Issue 41, part A (docs/decisions/061-discovery-sets-and-sample-credit.md): a discovery set is a
-- size (product_variants row) made of sample sizes of other products. The set keeps no stock of its
-- own (its stock is NULL while it is a set): what it can sell is its components' stock.

-- What one set holds: each component size and how many of it one set takes.
CREATE TABLE variant_components (
  set_variant_id TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  component_variant_id TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL
    CONSTRAINT component_quantity_range CHECK (typeof(quantity) = 'integer' AND quantity BETWEEN 1 AND 10),
  PRIMARY KEY (set_variant_id, component_variant_id)
) WITHOUT ROWID;
-- The sets a size is in (and the foreign key's cascade when a sample size is deleted).
CREATE INDEX variant_components_component ON variant_components (component_variant_id);

-- The component units an order's sets took, written in the order's batch from the sets as they
-- were then: a cancel puts back exactly these, even after the admin recomposed the set.
CREATE TABLE order_set_units (
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  variant_id TEXT NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  units INTEGER NOT NULL CHECK (units > 0),
  PRIMARY KEY (order_id, variant_id)
) WITHOUT ROWID;
-- The foreign key's cascade when a size is deleted.
CREATE INDEX order_set_units_variant ON order_set_units (variant_id);
