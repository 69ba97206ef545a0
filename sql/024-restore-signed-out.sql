-- 024: the devices a restore signed out (docs/decisions/089). A restore empties the sessions (the restored accounts
-- reuse their ids for other people); it now keeps each ended session's token hash here, with the time of the
-- restore, so a device that still holds one is told why it has to sign in again instead of landing on the login
-- page without a word. An entry lasts as long as its session would have; each restore deletes the expired ones.
-- Not in a backup: the installation's, like the sessions themselves.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

CREATE TABLE restore_signed_out (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  restored_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);

ALTER TABLE restore_signed_out ENABLE ROW LEVEL SECURITY;
