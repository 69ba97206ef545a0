-- 013: a fingerprint of the AUTH_PEPPER the database was set up with (docs/decisions/066): an HMAC-SHA256 of a fixed
-- text keyed with the pepper, never the pepper. `npm run migrate`, every `npm start` and the first login that a
-- password proves record it when none is stored; a server whose pepper gives another fingerprint refuses logins
-- with a message that names the mismatch, instead of refusing every password as wrong.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

CREATE TABLE auth_pepper (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  fingerprint text NOT NULL CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE auth_pepper ENABLE ROW LEVEL SECURITY;
