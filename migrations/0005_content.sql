-- Public contact-form submissions per client address in a fixed window, so the
-- form cannot flood the customer-service list.
CREATE TABLE contact_rate_limits (
  client TEXT PRIMARY KEY NOT NULL CHECK (length(client) BETWEEN 1 AND 100),
  hits INTEGER NOT NULL CHECK (typeof(hits) = 'integer' AND hits >= 1),
  window_start TEXT NOT NULL
);
CREATE INDEX contact_rate_limits_window ON contact_rate_limits (window_start);
