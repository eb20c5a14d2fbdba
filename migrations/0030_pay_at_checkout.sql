-- Pay at checkout (issue 37, docs/decisions/033-pay-at-checkout.md): the method is chosen in the
-- checkout, QRIS, virtual accounts and e-wallets are charged directly and shown on the shop's own
-- order page, and the unique code exists only for manual transfer.

-- What the order page shows to pay a directly charged attempt. `pay_code` keeps the VA number
-- (Mandiri: the bill key); a QR's content moves to `qr_string`.
ALTER TABLE payments ADD COLUMN qr_string TEXT CHECK (qr_string IS NULL OR length(qr_string) <= 1000);
ALTER TABLE payments ADD COLUMN biller_code TEXT CHECK (biller_code IS NULL OR length(biller_code) <= 40);
ALTER TABLE payments ADD COLUMN deeplink_url TEXT CHECK (deeplink_url IS NULL OR length(deeplink_url) <= 1000);
ALTER TABLE payments ADD COLUMN pay_expires_at TEXT;
UPDATE payments SET qr_string = pay_code, pay_code = NULL
  WHERE channel = 'other_qris' AND pay_code IS NOT NULL;

-- Orders a gateway paid or is paying never needed a code: their total is what the gateway charged
-- (subtotal + shipping), so the dashboard's sales count money received.
UPDATE orders SET total_amount = total_amount - unique_code, unique_code = 0
  WHERE unique_code > 0 AND EXISTS (
    SELECT 1 FROM payments p
    WHERE p.order_id = orders.id AND p.method <> 'bank_transfer' AND p.status IN ('pending', 'paid')
  );

-- A code no longer has to be unique among all unpaid orders (999 of them closed checkout for
-- everyone), only the amount to transfer among open transfer orders: what the admin matches on
-- the bank statement. An index for the range read of the codes around one amount; a trigger,
-- not a unique index, refuses a collision, so this migration cannot fail on open orders whose
-- totals already meet (codes were unique, amounts were not).
DROP INDEX orders_unpaid_unique_code;
CREATE INDEX orders_open_transfer_total ON orders (total_amount) WHERE status = 'pending' AND unique_code > 0;
CREATE TRIGGER orders_transfer_total_insert BEFORE INSERT ON orders
WHEN NEW.status = 'pending' AND NEW.unique_code > 0 AND EXISTS (
  SELECT 1 FROM orders WHERE status = 'pending' AND unique_code > 0 AND total_amount = NEW.total_amount
)
BEGIN
  SELECT RAISE(ABORT, 'transfer_total_taken');
END;
CREATE TRIGGER orders_transfer_total_update BEFORE UPDATE OF total_amount, unique_code ON orders
WHEN NEW.status = 'pending' AND NEW.unique_code > 0 AND EXISTS (
  SELECT 1 FROM orders WHERE status = 'pending' AND unique_code > 0 AND total_amount = NEW.total_amount
    AND id <> NEW.id
)
BEGIN
  SELECT RAISE(ABORT, 'transfer_total_taken');
END;
