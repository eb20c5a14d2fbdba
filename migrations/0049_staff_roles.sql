-- Issue 42, staff roles (decision 052): the staff's four roles, an account the owner disabled,
-- and invitations by email. SQLite cannot change a CHECK, so profiles is made anew with its rows,
-- as 0034 did for email_tokens; nothing references it. The admins of before become owners:
-- they could do everything, and the owner is the role that still can.
CREATE TABLE profiles_new (
  id TEXT PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(trim(name)) >= 2),
  email TEXT NOT NULL COLLATE NOCASE,
  role TEXT NOT NULL DEFAULT 'customer'
    CHECK (role IN ('customer', 'owner', 'admin', 'order_handler', 'content_editor')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  phone TEXT,
  marketing_consent_at TEXT,
  -- Set by the owner: the account's sessions end with it, and it cannot sign in again.
  disabled_at TEXT
);
INSERT INTO profiles_new (id, name, email, role, created_at, phone, marketing_consent_at)
SELECT id, name, email, CASE role WHEN 'admin' THEN 'owner' ELSE role END, created_at, phone, marketing_consent_at
FROM profiles;
DROP TABLE profiles;
ALTER TABLE profiles_new RENAME TO profiles;
-- The owner's staff list, oldest first, without reading the customers.
CREATE INDEX profiles_staff ON profiles (created_at, id) WHERE role <> 'customer';

-- An invitation: its link is a signed token naming the row (auth/tokens.ts), good until
-- expires_at and once (accepted_at).
CREATE TABLE staff_invites (
  id TEXT PRIMARY KEY NOT NULL,
  email TEXT NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 254 AND email LIKE '%_@_%'),
  role TEXT NOT NULL CHECK (role IN ('owner', 'admin', 'order_handler', 'content_editor')),
  invited_by TEXT REFERENCES users (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  accepted_at TEXT
);
-- The invitations still waiting, newest first.
CREATE INDEX staff_invites_waiting ON staff_invites (created_at) WHERE accepted_at IS NULL;
-- Deleting a user clears its invitations' invited_by without reading every invitation.
CREATE INDEX staff_invites_invited_by ON staff_invites (invited_by);
