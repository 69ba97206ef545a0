-- 025: Discord slash commands (docs/decisions/096). Each interaction Discord sends is claimed here by its id before
-- anything is done, so a repeat of the same id is never acted on twice; its answer is kept so a repeat gets the same
-- one. The rows of the last minute per Discord user are the rate limit. Rows go after a day (the scheduled purge).
-- audit_log.via says that an entry's account acted through Discord rather than the portal's own pages.
-- Not in a backup: the installation's, like the sessions. Portable to PostgreSQL 15, Neon and PGlite.

CREATE TABLE discord_interactions (
  id text PRIMARY KEY CHECK (id ~ '^[1-9][0-9]{16,19}$'),
  discord_user_id text NOT NULL CHECK (discord_user_id ~ '^[1-9][0-9]{16,19}$'),
  kind text NOT NULL CHECK (length(kind) BETWEEN 1 AND 100),
  received_at timestamptz NOT NULL DEFAULT now(),
  answer jsonb
);

CREATE INDEX discord_interactions_user_idx ON discord_interactions (discord_user_id, received_at);
CREATE INDEX discord_interactions_received_idx ON discord_interactions (received_at);

ALTER TABLE discord_interactions ENABLE ROW LEVEL SECURITY;

ALTER TABLE audit_log ADD COLUMN via text CHECK (via IS NULL OR via = 'discord');
