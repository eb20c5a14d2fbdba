-- The customers export (issue 42, decision 056) walks the customer accounts newest first a keyset
-- page at a time: this index is that order, so each page starts at its cursor instead of sorting
-- every profile.
CREATE INDEX profiles_role_created ON profiles (role, created_at DESC, id);
