-- Issue 29: the customer confirms receipt ('Pesanan Diterima'); a shipped order nobody confirms
-- is closed as delivered by the Cron some days after it was shipped (its last change, which the
-- shipping step writes). The Cron walks shipped orders, oldest change first, through this index.
CREATE INDEX orders_shipped_since ON orders (updated_at) WHERE status = 'shipped';
