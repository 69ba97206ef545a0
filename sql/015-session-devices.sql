-- 015: which device each session is (issue 25, point 5; docs/decisions/068): the browser's User-Agent at sign-in, cut
-- to 200 characters, so an account can tell its signed-in devices apart and sign one out. Older sessions have none.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

ALTER TABLE sessions ADD COLUMN user_agent text NOT NULL DEFAULT '' CHECK (char_length(user_agent) <= 200);
