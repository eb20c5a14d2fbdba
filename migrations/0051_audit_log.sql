-- The audit trail (issue 42, decision 054): one row per staff change, written by the change's own
-- batch (worker/src/lib/audit.ts), with who (id, and the name and email at the time), what
-- (entity, id, action) and the changed fields before and after as JSON. A record: rows are only
-- ever added, and the two triggers below refuse any edit or removal, whatever code writes.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  user_email TEXT NOT NULL,
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  action TEXT NOT NULL,
  before_json TEXT,
  after_json TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- The list is newest first (created_at, then id); each filter leads an index of its own.
CREATE INDEX audit_log_created ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_user ON audit_log (user_id, created_at DESC, id DESC);
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, created_at DESC, id DESC);
-- An id alone (the filter without its type): ids are UUIDs, a setting's key or a policy's kind.
CREATE INDEX audit_log_entity_id ON audit_log (entity_id, created_at DESC, id DESC);
CREATE INDEX audit_log_entity_type ON audit_log (entity_type, created_at DESC, id DESC);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log_read_only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN
  SELECT RAISE(ABORT, 'audit_log_read_only');
END;
