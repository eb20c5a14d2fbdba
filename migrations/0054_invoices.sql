-- Invoices (issue 42, decision 057): an order gets its invoice number once, when money for it is
-- first received (a payment attempt becomes 'paid'), from the running counter 'invoices'. The
-- triggers number it in the statement that records the payment, whatever code path writes it, so
-- the sequence has no gap (a rolled-back payment rolls its number back too) and a number is never
-- given twice (an order's later or second payment keeps the first one). Never deleted: an order
-- that had money cannot be deleted (worker/src/orders/record.ts), and a cancelled one keeps its
-- invoice for the books.
CREATE TABLE invoices (
  order_id TEXT PRIMARY KEY NOT NULL,
  seq INTEGER NOT NULL UNIQUE,
  -- 'INV/2026/11/000123': the year and month of issue in WIB, then the running number.
  number TEXT NOT NULL UNIQUE,
  issued_at TEXT NOT NULL
);

-- The orders already paid, numbered in the order their money arrived.
INSERT INTO invoices (order_id, seq, number, issued_at)
  SELECT order_id, n, 'INV/' || strftime('%Y/%m', paid_at, '+7 hours') || '/' || printf('%06d', n), paid_at
  FROM (
    SELECT order_id, paid_at, row_number() OVER (ORDER BY paid_at, order_id) AS n
    FROM (
      SELECT order_id, min(coalesce(reviewed_at, updated_at)) AS paid_at
      FROM payments WHERE status = 'paid' GROUP BY order_id
    )
  );

INSERT INTO counters (name, value) SELECT 'invoices', count(*) FROM invoices;

CREATE TRIGGER invoices_issue_on_payment_insert AFTER INSERT ON payments
WHEN NEW.status = 'paid' AND NOT EXISTS (SELECT 1 FROM invoices WHERE order_id = NEW.order_id) BEGIN
  UPDATE counters SET value = value + 1 WHERE name = 'invoices';
  INSERT INTO invoices (order_id, seq, number, issued_at)
    SELECT NEW.order_id, value, 'INV/' || strftime('%Y/%m', 'now', '+7 hours') || '/' || printf('%06d', value),
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    FROM counters WHERE name = 'invoices';
END;

CREATE TRIGGER invoices_issue_on_payment_update AFTER UPDATE OF status ON payments
WHEN NEW.status = 'paid' AND NOT EXISTS (SELECT 1 FROM invoices WHERE order_id = NEW.order_id) BEGIN
  UPDATE counters SET value = value + 1 WHERE name = 'invoices';
  INSERT INTO invoices (order_id, seq, number, issued_at)
    SELECT NEW.order_id, value, 'INV/' || strftime('%Y/%m', 'now', '+7 hours') || '/' || printf('%06d', value),
      strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
    FROM counters WHERE name = 'invoices';
END;

-- The day's paid orders for the bulk packing slips and labels.
CREATE INDEX invoices_issued ON invoices (issued_at);
