-- 018: sessions of an account whose access was removed (docs/decisions/073). Disabling an account, or a Discord
-- sign-in whose roles no longer admit it, marks its sessions instead of deleting them: a device that still holds one
-- is told its access was removed (403, and its queued writes fail with that reason) rather than asked to log in
-- again and keep them waiting. A marked session never signs anyone in again and is deleted at its expiry as before.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

ALTER TABLE sessions ADD COLUMN access_removed_at timestamptz;
