-- Orders with fewer hands and operations (issue 42, decision 058).

-- Booking on payment: one row per paid order whose courier the shop books by itself, queued in the
-- batch that confirms the payment and sent by the one outbox queue (lib/outbox-queue.ts): attempts
-- with backoff, a lease while a drain holds it. The order's id is the key: never two bookings.
CREATE TABLE shipment_bookings (
  id TEXT PRIMARY KEY NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0 CHECK (typeof(attempts) = 'integer' AND attempts >= 0),
  next_attempt_at TEXT NOT NULL DEFAULT '1970-01-01T00:00:00.000Z',
  -- The last refusal, in the admin's words (Indonesian).
  last_error TEXT,
  -- The waybill of the booked shipment ('existing' when the admin booked it first).
  message_id TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at TEXT
);
-- What a drain claims (pending by due time) and the admin's list of failed bookings.
CREATE INDEX shipment_bookings_due ON shipment_bookings (status, next_attempt_at);

-- Something that keeps failing (the mail, a Cron job, the gateway, the courier): 'watching' while
-- failures are counted, 'open' once the owner was told (once), 'resolved' when it works again. A
-- resolved incident stays as history; the next failure starts a new one.
CREATE TABLE incidents (
  id TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 80),
  status TEXT NOT NULL DEFAULT 'watching' CHECK (status IN ('watching', 'open', 'resolved')),
  failures INTEGER NOT NULL DEFAULT 1 CHECK (typeof(failures) = 'integer' AND failures >= 1),
  last_error TEXT CHECK (last_error IS NULL OR length(last_error) <= 500),
  started_at TEXT NOT NULL,
  last_failed_at TEXT NOT NULL,
  opened_at TEXT,
  resolved_at TEXT
);
-- One incident of a kind at a time that is not resolved.
CREATE UNIQUE INDEX incidents_current ON incidents (kind) WHERE status <> 'resolved';
-- The dashboard's open incidents, newest first.
CREATE INDEX incidents_open ON incidents (status, opened_at);

-- The customer-service inbox: the sender's address of a contact-form message, so the admin can answer it.
ALTER TABLE customer_service ADD COLUMN contact_email TEXT
  CHECK (contact_email IS NULL OR length(contact_email) <= 254);

-- The admin's replies to a contact message, each emailed through the outbox and kept as its thread.
CREATE TABLE customer_service_replies (
  id TEXT PRIMARY KEY NOT NULL,
  record_id TEXT NOT NULL REFERENCES customer_service (id) ON DELETE CASCADE,
  body TEXT NOT NULL CHECK (length(trim(body)) >= 1 AND length(body) <= 5000),
  author_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  author_name TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX customer_service_replies_record ON customer_service_replies (record_id, created_at);

-- Who hears of an incident (lib/staff-recipients.ts) is found by role through profiles_role_created (migration 0053).
