-- Issue 38, item 10: an email change mails the OLD address a one-time link that undoes it
-- (purpose 'email_change_undo'; new_email holds the address the link restores). SQLite cannot
-- change a CHECK, so the table is made anew with its rows, as 0023 did; nothing references it.
CREATE TABLE email_tokens_new (
  token_hash TEXT PRIMARY KEY NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('email_change', 'password_reset', 'sign_in', 'email_change_undo')),
  new_email TEXT,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK (purpose NOT IN ('email_change', 'email_change_undo') OR new_email IS NOT NULL)
);
INSERT INTO email_tokens_new (token_hash, user_id, purpose, new_email, expires_at, used_at, created_at)
SELECT token_hash, user_id, purpose, new_email, expires_at, used_at, created_at FROM email_tokens;
DROP TABLE email_tokens;
ALTER TABLE email_tokens_new RENAME TO email_tokens;
CREATE INDEX email_tokens_user ON email_tokens (user_id, purpose);
