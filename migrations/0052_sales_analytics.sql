-- Sales analytics (issue 42, decision 055): per-day sums of the paid orders, by dimension, kept by
-- triggers in the same transaction as each write, as the other counters (0012, 0020). The admin's
-- analytics read at most one row per day and key for the period, never the orders: 500,000 orders
-- answer as fast as 50.
--
-- A sale is an order in a paid status (processing, shipped, delivered: paidOrderStatuses, as
-- 'Total Penjualan'), counted on the WIB day the order was placed. `sales_orders` holds each paid
-- order's keys as they were when it became paid, so leaving the paid statuses (a cancel) takes
-- back exactly what was added, whatever changed since; its own triggers keep `sales_daily`.
CREATE TABLE sales_orders (
  order_id TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL,
  day TEXT NOT NULL,
  total INTEGER NOT NULL,
  channel TEXT NOT NULL,
  province TEXT NOT NULL,
  courier TEXT NOT NULL,
  voucher TEXT,
  returning_customer INTEGER NOT NULL
);
-- returning_customer: the customer already had a paid order when this one was paid.
CREATE INDEX sales_orders_user ON sales_orders (user_id);

-- dimension 'all' (key ''): orders, revenue and units of the day; 'product', 'size', 'collection'
-- (from the order's lines: revenue is the lines' subtotal, orders the orders with such a line),
-- 'channel', 'courier', 'province', 'customer' ('new' or 'returning'), 'voucher' (orders' totals).
-- The label is the key's name when it was last sold.
CREATE TABLE sales_daily (
  dimension TEXT NOT NULL,
  day TEXT NOT NULL,
  key TEXT NOT NULL,
  label TEXT NOT NULL,
  orders INTEGER NOT NULL DEFAULT 0,
  revenue INTEGER NOT NULL DEFAULT 0,
  units INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (dimension, day, key)
) WITHOUT ROWID;

-- An order's sale: its own figures, then its lines' (a COD order is placed paid before its lines
-- exist: order_items_sale adds them as they come).
CREATE TRIGGER sales_orders_add AFTER INSERT ON sales_orders BEGIN
  INSERT INTO sales_daily (dimension, day, key, label, orders, revenue)
    SELECT 'all', NEW.day, '', '', 1, NEW.total WHERE true
    UNION ALL SELECT 'channel', NEW.day, NEW.channel, NEW.channel, 1, NEW.total WHERE true
    UNION ALL SELECT 'courier', NEW.day, NEW.courier, NEW.courier, 1, NEW.total WHERE true
    ON CONFLICT (dimension, day, key) DO UPDATE
      SET orders = orders + excluded.orders, revenue = revenue + excluded.revenue;
  -- Apart: D1 allows few terms in one compound SELECT.
  INSERT INTO sales_daily (dimension, day, key, label, orders, revenue)
    SELECT 'province', NEW.day, NEW.province, NEW.province, 1, NEW.total WHERE true
    UNION ALL SELECT 'customer', NEW.day, CASE NEW.returning_customer WHEN 1 THEN 'returning' ELSE 'new' END,
      CASE NEW.returning_customer WHEN 1 THEN 'returning' ELSE 'new' END, 1, NEW.total WHERE true
    UNION ALL SELECT 'voucher', NEW.day, NEW.voucher, NEW.voucher, 1, NEW.total WHERE NEW.voucher IS NOT NULL
    ON CONFLICT (dimension, day, key) DO UPDATE
      SET orders = orders + excluded.orders, revenue = revenue + excluded.revenue;
  INSERT INTO sales_daily (dimension, day, key, label, orders, revenue, units)
    SELECT 'all', NEW.day, '', '', 0, 0, i.quantity FROM order_items i WHERE i.order_id = NEW.order_id
    UNION ALL SELECT 'product', NEW.day, coalesce(i.product_id, i.product_name), i.product_name, 1, i.subtotal, i.quantity
      FROM order_items i WHERE i.order_id = NEW.order_id
    UNION ALL SELECT 'size', NEW.day, coalesce(i.product_id, i.product_name) || ':' || coalesce(i.size_ml, 0),
      i.product_name || coalesce(' ' || i.size_ml || ' ml', ''), 1, i.subtotal, i.quantity
      FROM order_items i WHERE i.order_id = NEW.order_id
    UNION ALL SELECT 'collection', NEW.day, c.id, c.name, 1, i.subtotal, i.quantity
      FROM order_items i JOIN collection_products cp ON cp.product_id = i.product_id
      JOIN collections c ON c.id = cp.collection_id WHERE i.order_id = NEW.order_id
    ON CONFLICT (dimension, day, key) DO UPDATE SET label = excluded.label,
      orders = orders + excluded.orders, revenue = revenue + excluded.revenue, units = units + excluded.units;
END;

-- Takes back exactly what sales_orders_add added, by the same rows with the opposite sign: the
-- lines of an order never change after it is placed. The collections are the product's today.
CREATE TRIGGER sales_orders_remove AFTER DELETE ON sales_orders BEGIN
  INSERT INTO sales_daily (dimension, day, key, label, orders, revenue)
    SELECT 'all', OLD.day, '', '', -1, -OLD.total WHERE true
    UNION ALL SELECT 'channel', OLD.day, OLD.channel, OLD.channel, -1, -OLD.total WHERE true
    UNION ALL SELECT 'courier', OLD.day, OLD.courier, OLD.courier, -1, -OLD.total WHERE true
    ON CONFLICT (dimension, day, key) DO UPDATE
      SET orders = orders + excluded.orders, revenue = revenue + excluded.revenue;
  -- Apart: D1 allows few terms in one compound SELECT.
  INSERT INTO sales_daily (dimension, day, key, label, orders, revenue)
    SELECT 'province', OLD.day, OLD.province, OLD.province, -1, -OLD.total WHERE true
    UNION ALL SELECT 'customer', OLD.day, CASE OLD.returning_customer WHEN 1 THEN 'returning' ELSE 'new' END,
      CASE OLD.returning_customer WHEN 1 THEN 'returning' ELSE 'new' END, -1, -OLD.total WHERE true
    UNION ALL SELECT 'voucher', OLD.day, OLD.voucher, OLD.voucher, -1, -OLD.total WHERE OLD.voucher IS NOT NULL
    ON CONFLICT (dimension, day, key) DO UPDATE
      SET orders = orders + excluded.orders, revenue = revenue + excluded.revenue;
  INSERT INTO sales_daily (dimension, day, key, label, orders, revenue, units)
    SELECT 'all', OLD.day, '', '', 0, 0, -i.quantity FROM order_items i WHERE i.order_id = OLD.order_id
    UNION ALL SELECT 'product', OLD.day, coalesce(i.product_id, i.product_name), i.product_name, -1, -i.subtotal, -i.quantity
      FROM order_items i WHERE i.order_id = OLD.order_id
    UNION ALL SELECT 'size', OLD.day, coalesce(i.product_id, i.product_name) || ':' || coalesce(i.size_ml, 0),
      i.product_name, -1, -i.subtotal, -i.quantity
      FROM order_items i WHERE i.order_id = OLD.order_id
    UNION ALL SELECT 'collection', OLD.day, c.id, c.name, -1, -i.subtotal, -i.quantity
      FROM order_items i JOIN collection_products cp ON cp.product_id = i.product_id
      JOIN collections c ON c.id = cp.collection_id WHERE i.order_id = OLD.order_id
    ON CONFLICT (dimension, day, key) DO UPDATE
      SET orders = orders + excluded.orders, revenue = revenue + excluded.revenue, units = units + excluded.units;
END;

-- A COD order's lines, inserted after the order placed paid (worker/src/orders/record.ts).
CREATE TRIGGER order_items_sale AFTER INSERT ON order_items
  WHEN EXISTS (SELECT 1 FROM sales_orders WHERE order_id = NEW.order_id) BEGIN
  INSERT INTO sales_daily (dimension, day, key, label, orders, revenue, units)
    SELECT 'all', s.day, '', '', 0, 0, NEW.quantity FROM sales_orders s WHERE s.order_id = NEW.order_id
    UNION ALL SELECT 'product', s.day, coalesce(NEW.product_id, NEW.product_name), NEW.product_name, 1, NEW.subtotal,
      NEW.quantity FROM sales_orders s WHERE s.order_id = NEW.order_id
    UNION ALL SELECT 'size', s.day, coalesce(NEW.product_id, NEW.product_name) || ':' || coalesce(NEW.size_ml, 0),
      NEW.product_name || coalesce(' ' || NEW.size_ml || ' ml', ''), 1, NEW.subtotal, NEW.quantity
      FROM sales_orders s WHERE s.order_id = NEW.order_id
    UNION ALL SELECT 'collection', s.day, c.id, c.name, 1, NEW.subtotal, NEW.quantity
      FROM sales_orders s JOIN collection_products cp ON cp.product_id = NEW.product_id
      JOIN collections c ON c.id = cp.collection_id WHERE s.order_id = NEW.order_id
    ON CONFLICT (dimension, day, key) DO UPDATE SET label = excluded.label,
      orders = orders + excluded.orders, revenue = revenue + excluded.revenue, units = units + excluded.units;
END;

-- The order's moves into and out of the paid statuses. Its channel is its latest payment
-- attempt's (a gateway's channel, else the method); an order placed paid is cash on delivery,
-- whose attempt the batch inserts after the order.
CREATE TRIGGER orders_sale_insert AFTER INSERT ON orders
  WHEN NEW.status IN ('processing', 'shipped', 'delivered') BEGIN
  INSERT INTO sales_orders (order_id, user_id, day, total, channel, province, courier, voucher, returning_customer)
    VALUES (NEW.id, NEW.user_id, date(NEW.created_at, '+7 hours'), NEW.total_amount,
      coalesce((SELECT coalesce(channel, method) FROM payments WHERE order_id = NEW.id ORDER BY created_at DESC LIMIT 1), 'cod'),
      coalesce(NEW.province_name, '-'), coalesce(NEW.shipping_courier_code, NEW.shipping_service, '-'), NEW.voucher_code,
      EXISTS (SELECT 1 FROM sales_orders WHERE user_id = NEW.user_id));
END;
CREATE TRIGGER orders_sale_paid AFTER UPDATE OF status ON orders
  WHEN NEW.status IN ('processing', 'shipped', 'delivered') AND OLD.status NOT IN ('processing', 'shipped', 'delivered') BEGIN
  INSERT INTO sales_orders (order_id, user_id, day, total, channel, province, courier, voucher, returning_customer)
    VALUES (NEW.id, NEW.user_id, date(NEW.created_at, '+7 hours'), NEW.total_amount,
      coalesce((SELECT coalesce(channel, method) FROM payments WHERE order_id = NEW.id ORDER BY created_at DESC LIMIT 1), 'cod'),
      coalesce(NEW.province_name, '-'), coalesce(NEW.shipping_courier_code, NEW.shipping_service, '-'), NEW.voucher_code,
      EXISTS (SELECT 1 FROM sales_orders WHERE user_id = NEW.user_id));
END;
CREATE TRIGGER orders_sale_unpaid AFTER UPDATE OF status ON orders
  WHEN OLD.status IN ('processing', 'shipped', 'delivered') AND NEW.status NOT IN ('processing', 'shipped', 'delivered') BEGIN
  DELETE FROM sales_orders WHERE order_id = OLD.id;
END;
CREATE TRIGGER orders_sale_delete AFTER DELETE ON orders BEGIN
  DELETE FROM sales_orders WHERE order_id = OLD.id;
END;

-- Backfill: the paid orders in the order they were placed; the triggers above fill sales_daily.
INSERT INTO sales_orders (order_id, user_id, day, total, channel, province, courier, voucher, returning_customer)
  SELECT o.id, o.user_id, date(o.created_at, '+7 hours'), o.total_amount,
    coalesce((SELECT coalesce(p.channel, p.method) FROM payments p WHERE p.order_id = o.id ORDER BY p.created_at DESC LIMIT 1), 'cod'),
    coalesce(o.province_name, '-'), coalesce(o.shipping_courier_code, o.shipping_service, '-'), o.voucher_code,
    row_number() OVER (PARTITION BY o.user_id ORDER BY o.created_at, o.id) > 1
  FROM orders o WHERE o.status IN ('processing', 'shipped', 'delivered') ORDER BY o.created_at, o.id;
