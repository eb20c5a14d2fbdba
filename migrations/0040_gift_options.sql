-- Issue 40, gift options (docs/decisions/045-checkout-voucher-and-gift.md): a gift message and
-- gift wrapping per order. The wrap's fee is the admin's ('Biaya bungkus kado', a settings row),
-- priced by the server when the order is placed and kept here as the order's own line:
-- total_amount = subtotal − discount + shipping + gift_wrap_fee + unique_code + cod_fee.
ALTER TABLE orders ADD COLUMN gift_message TEXT CHECK (gift_message IS NULL OR length(gift_message) <= 200);
ALTER TABLE orders ADD COLUMN gift_wrap INTEGER NOT NULL DEFAULT 0 CHECK (gift_wrap IN (0, 1));
ALTER TABLE orders ADD COLUMN gift_wrap_fee INTEGER NOT NULL DEFAULT 0
  CHECK (typeof(gift_wrap_fee) = 'integer' AND gift_wrap_fee BETWEEN 0 AND 1000000 AND (gift_wrap = 1 OR gift_wrap_fee = 0));
