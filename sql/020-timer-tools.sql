-- 020: the officers' timer tools (docs/decisions/076). What a server maintenance does to every interval boss is
-- the guild's choice, made once: 'ready' (each boss spawns at the time the servers came back) or 'restart' (each
-- boss's timer starts then: next spawn = back time + interval). Until an admin chooses: 'ready'.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

ALTER TABLE guild_settings
  ADD COLUMN after_maintenance text NOT NULL DEFAULT 'ready' CHECK (after_maintenance IN ('ready', 'restart'));
