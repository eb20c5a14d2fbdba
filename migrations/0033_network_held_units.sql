-- Issue 38, item 5 (docs/decisions/037-stock-holds-and-rate-budgets.md): a network's unpaid
-- orders hold at most twice a size's max_per_order of it, whatever accounts placed them.
-- The network is the order's client_ip (an IPv4 address, an IPv6 /64: lib/client-ip.ts).
--
-- As 0024's per-account limit, the line written last sees every other unpaid line of its network
-- inside the batch's transaction (batches run one at a time). The count walks the network's unpaid
-- orders through orders_unpaid_client, then each order's lines through order_items_order: bounded
-- by the admin's unpaid-orders-per-network limit (at most 500) times an order's lines. The unary +
-- keeps the planner off order_items_variant, which would walk every line ever sold of the size.
CREATE TRIGGER order_items_held_network AFTER INSERT ON order_items
WHEN new.variant_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM orders WHERE id = new.order_id AND status = 'pending' AND client_ip IS NOT NULL)
  AND (
    SELECT sum(i.quantity)
    FROM orders AS o CROSS JOIN order_items AS i ON i.order_id = o.id
    WHERE o.client_ip = (SELECT client_ip FROM orders WHERE id = new.order_id)
      AND o.status = 'pending' AND +i.variant_id = new.variant_id
  ) > 2 * (SELECT max_per_order FROM product_variants WHERE id = new.variant_id)
BEGIN
  SELECT RAISE(ABORT, 'stock_held_by_network');
END;

-- 0024's per-account trigger, the same count by account: its plan searched order_items_variant
-- too (every line ever sold of the size, per unpaid order). Made anew with the unary +.
DROP TRIGGER order_items_held_limit;
CREATE TRIGGER order_items_held_limit AFTER INSERT ON order_items
WHEN new.variant_id IS NOT NULL
  AND EXISTS (SELECT 1 FROM orders WHERE id = new.order_id AND status = 'pending')
  AND (
    SELECT sum(i.quantity)
    FROM orders AS o CROSS JOIN order_items AS i ON i.order_id = o.id
    WHERE o.user_id = (SELECT user_id FROM orders WHERE id = new.order_id)
      AND o.status = 'pending' AND +i.variant_id = new.variant_id
  ) > (SELECT max_per_order FROM product_variants WHERE id = new.variant_id)
BEGIN
  SELECT RAISE(ABORT, 'held_limit');
END;
