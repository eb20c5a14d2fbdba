-- Money that arrives late or twice (issue 38, docs/decisions/035-late-and-double-payments.md).

-- A gateway's settlement after its deny on the same attempt is money received: 'rejected' →
-- 'paid' for a gateway attempt (the transfer's rejected receipt stays final). Otherwise as 0025.
DROP TRIGGER payments_status_transition;
CREATE TRIGGER payments_status_transition BEFORE UPDATE OF status ON payments
WHEN NOT (
  (OLD.status = 'pending' AND NEW.status IN ('submitted', 'paid', 'void'))
  OR (OLD.status = 'submitted' AND NEW.status IN ('paid', 'rejected', 'void'))
  OR (OLD.method <> 'bank_transfer' AND OLD.status = 'pending' AND NEW.status = 'rejected')
  OR (OLD.method <> 'bank_transfer' AND OLD.status IN ('void', 'rejected') AND NEW.status = 'paid')
)
BEGIN
  SELECT RAISE(ABORT, 'invalid_payment_transition');
END;

-- 'paid_twice': the gateway took money for an order already paid (an attempt switched away from,
-- or another attempt, settled after the one that paid it): the extra goes back ('Perlu Refund').
-- SQLite cannot change a column's CHECK, so the column is rebuilt beside itself: no index,
-- trigger or view names it (0025 added it bare), and a column's own CHECK goes with it on DROP.
ALTER TABLE orders ADD COLUMN payment_flag_next TEXT CHECK (
  payment_flag_next IS NULL OR payment_flag_next IN ('paid_after_cancel', 'amount_mismatch', 'paid_twice')
);
UPDATE orders SET payment_flag_next = payment_flag WHERE payment_flag IS NOT NULL;
ALTER TABLE orders DROP COLUMN payment_flag;
ALTER TABLE orders RENAME COLUMN payment_flag_next TO payment_flag;
