-- Review of issue 42 (decisions 058 and 059), after 0055 and 0056 were applied: a new migration,
-- not edits to theirs, so a shop that ran them gets these too.

-- A customer's erasure (UU PDP, decision 059) finds their messages by address, in any case.
CREATE INDEX customer_service_contact_email ON customer_service (lower(contact_email));

-- A booking that gave up waits for the admin's hand only while its order waits for its parcel: the
-- order moving on (shipped by hand, cancelled) settles it, and a cancel drops one still pending, so
-- the dashboard's list walks the failures still waiting, not every failure the shop ever had.
CREATE TRIGGER orders_booking_settled AFTER UPDATE OF status ON orders WHEN NEW.status <> 'processing' BEGIN
  DELETE FROM shipment_bookings WHERE id = NEW.id
    AND (status = 'failed' OR (status = 'pending' AND NEW.status = 'cancelled'));
END;
-- Failed bookings whose orders moved on before the trigger existed.
DELETE FROM shipment_bookings WHERE status = 'failed'
  AND id IN (SELECT id FROM orders WHERE status <> 'processing');
