-- One fixed-window counter per limited thing (worker/src/lib/throttle.ts): the key
-- names the policy and its subject, e.g. 'login-pair:siti@contoh.id|203.0.113.9'.
-- It replaces the two tables each throttle had for itself.
CREATE TABLE rate_limits (
  key TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 400),
  hits INTEGER NOT NULL CHECK (typeof(hits) = 'integer' AND hits >= 0),
  reset_at TEXT NOT NULL
);
CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);

DROP TABLE login_attempts;
DROP TABLE contact_rate_limits;
