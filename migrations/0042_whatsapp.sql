-- Order updates on WhatsApp (issue 40, decision 049): a second channel beside email for an order
-- placed, paid, shipped and delivered, only with the customer's opt-in at checkout.

-- The checkout's 'Kirim kabar pesanan lewat WhatsApp': set only while the channel is on.
ALTER TABLE orders ADD COLUMN whatsapp_opt_in INTEGER NOT NULL DEFAULT 0
  CHECK (whatsapp_opt_in IN (0, 1));

-- What the Cron (and the drain after a request) sends through the WhatsApp provider, as the email
-- outbox does: attempts with backoff, a lease while a drain holds a row.
CREATE TABLE whatsapp_outbox (
  id TEXT PRIMARY KEY NOT NULL,
  order_id TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  event TEXT NOT NULL CHECK (event IN ('order_placed', 'paid', 'shipped', 'delivered')),
  -- E.164 digits without the plus ('62812…'), as the Cloud API's `to` takes them.
  to_phone TEXT NOT NULL CHECK (to_phone GLOB '62[1-9]*' AND to_phone NOT GLOB '*[^0-9]*'),
  -- The approved template's name and its body parameters (a JSON array of strings, in order).
  template TEXT NOT NULL,
  parameters TEXT NOT NULL CHECK (json_valid(parameters) AND json_type(parameters) = 'array'),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (typeof(attempts) = 'integer' AND attempts >= 0),
  next_attempt_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z',
  last_error TEXT,
  -- The provider's id of the sent message (the Cloud API's wamid).
  message_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
);
-- One message per order and event, whatever runs race to queue it (a twin notification).
CREATE UNIQUE INDEX whatsapp_outbox_order_event ON whatsapp_outbox (order_id, event);
-- What a drain claims: pending rows by due time.
CREATE INDEX whatsapp_outbox_due ON whatsapp_outbox (status, next_attempt_at);
