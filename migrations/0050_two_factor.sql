-- Two-factor sign-in of staff (issue 42, decision 053): TOTP (RFC 6238) and recovery codes.

-- A staff account's authenticator secret. `secret_sealed` is the base32 secret sealed with
-- AES-GCM under a key derived from the JWT_SECRET Worker secret (auth/two-factor-crypto.ts):
-- a copy of D1 alone gives no one the codes. `enabled_at` null: set up, not yet confirmed with a
-- code, so it guards nothing. `last_step`: the 30-second step of the last code accepted; a code of
-- that step or an earlier one is refused, so a code seen over a shoulder cannot be used again.
CREATE TABLE user_two_factor (
  user_id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret_sealed TEXT NOT NULL,
  enabled_at TEXT,
  last_step INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Single-use recovery codes, only their SHA-256 hashes; `used_at` set when one signs in.
CREATE TABLE two_factor_recovery_codes (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at TEXT,
  PRIMARY KEY (user_id, code_hash)
);
