-- Indexes after the review of issue 42 (migrations stay as applied; changes come as new ones).
-- (0050's comment names auth/two-factor-crypto.ts: the sealing lives in worker/src/auth/seal.ts.)

-- The staff list finds its rows by role through profiles_role_created; nothing reads this one,
-- which only cost a write on each profile change.
DROP INDEX IF EXISTS profiles_staff;
