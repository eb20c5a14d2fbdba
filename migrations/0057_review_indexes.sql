-- Indexes after the review of issue 42 (migrations stay as applied; changes come as new ones).

-- The staff list finds its rows by role through profiles_role_created; nothing reads this one,
-- which only cost a write on each profile change.
DROP INDEX IF EXISTS profiles_staff;
