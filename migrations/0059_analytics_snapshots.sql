-- Sales analytics at scale (issue 42, decision 055, "Limits"): the product and size breakdowns of
-- the admin's preset periods (7, 30, 90 and 365 days ending today WIB), but for today, summed once
-- by the Cron, so a preset reads its top rows and today's keys instead of every key sold in it.
--
-- One row per preset and dimension: the days the snapshot covers (from the preset's first day to
-- the day before its 'today') and when the Cron built it. The endpoint uses a snapshot only when
-- those days are its period's but the last.
CREATE TABLE analytics_snapshots (
  dimension TEXT NOT NULL,
  days INTEGER NOT NULL,
  first_day TEXT NOT NULL,
  last_day TEXT NOT NULL,
  built_at TEXT NOT NULL,
  PRIMARY KEY (dimension, days)
) WITHOUT ROWID;

-- Every key sold in the snapshot's days (zero sums too: a late payment may bring one back), summed
-- as the live query sums sales_daily: label_day is the key's latest day, label that day's label.
CREATE TABLE analytics_snapshot_rows (
  dimension TEXT NOT NULL,
  days INTEGER NOT NULL,
  key TEXT NOT NULL,
  label TEXT NOT NULL,
  label_day TEXT NOT NULL,
  orders INTEGER NOT NULL,
  revenue INTEGER NOT NULL,
  units INTEGER NOT NULL,
  PRIMARY KEY (dimension, days, key)
) WITHOUT ROWID;
-- The top rows of one snapshot, in the live query's order.
CREATE INDEX analytics_snapshot_rows_top ON analytics_snapshot_rows (dimension, days, revenue DESC, key);

-- A change to a day a snapshot covers (a late payment of an order placed before today, a cancel, a
-- refund) is added to the snapshot in the same transaction, so a snapshot stays exact until the
-- next one replaces it. Today's rows reach no snapshot: none covers today.
CREATE TRIGGER sales_daily_snapshot_insert AFTER INSERT ON sales_daily
  WHEN NEW.dimension IN ('product', 'size') BEGIN
  INSERT INTO analytics_snapshot_rows (dimension, days, key, label, label_day, orders, revenue, units)
    SELECT s.dimension, s.days, NEW.key, NEW.label, NEW.day, NEW.orders, NEW.revenue, NEW.units
      FROM analytics_snapshots s
      WHERE s.dimension = NEW.dimension AND NEW.day BETWEEN s.first_day AND s.last_day
    ON CONFLICT (dimension, days, key) DO UPDATE SET
      label = CASE WHEN excluded.label_day >= label_day THEN excluded.label ELSE label END,
      label_day = max(label_day, excluded.label_day),
      orders = orders + excluded.orders, revenue = revenue + excluded.revenue, units = units + excluded.units;
END;

CREATE TRIGGER sales_daily_snapshot_update AFTER UPDATE ON sales_daily
  WHEN NEW.dimension IN ('product', 'size') BEGIN
  INSERT INTO analytics_snapshot_rows (dimension, days, key, label, label_day, orders, revenue, units)
    SELECT s.dimension, s.days, NEW.key, NEW.label, NEW.day, NEW.orders - OLD.orders,
        NEW.revenue - OLD.revenue, NEW.units - OLD.units
      FROM analytics_snapshots s
      WHERE s.dimension = NEW.dimension AND NEW.day BETWEEN s.first_day AND s.last_day
    ON CONFLICT (dimension, days, key) DO UPDATE SET
      label = CASE WHEN excluded.label_day >= label_day THEN excluded.label ELSE label END,
      label_day = max(label_day, excluded.label_day),
      orders = orders + excluded.orders, revenue = revenue + excluded.revenue, units = units + excluded.units;
END;
