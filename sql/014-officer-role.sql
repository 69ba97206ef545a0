-- 014: the officer role (docs/decisions/067): officers record raids, attendance, loot, imports and timers and read
-- payouts and funds; admins also manage accounts, Discord, settings, backups, payouts and spending. An account's
-- role is one of admin, officer or user (a raider).
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

ALTER TABLE users DROP CONSTRAINT users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'officer', 'user'));
