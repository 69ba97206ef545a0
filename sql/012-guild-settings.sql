-- 012: the guild's settings, chosen by an admin in the app (docs/decisions/059). One row; each setting is a column
-- of its own with its own check, so a later setting is an ALTER TABLE ... ADD COLUMN with a default.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

CREATE TABLE guild_settings (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- The IANA zone fixed boss schedules, spawn alerts and the guild's days are read in. NULL: no admin has chosen
  -- one yet, and the server uses GUILD_TIMEZONE, else its own zone (the machine's on Node, UTC on Workers).
  -- The API also checks the name against the runtime's and the database's zone lists; this only keeps the shape.
  time_zone text CHECK (
    time_zone IS NULL
    OR (length(time_zone) <= 64 AND time_zone ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$')
  ),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO guild_settings (id) VALUES (1);
CREATE TRIGGER guild_settings_set_updated_at BEFORE UPDATE ON guild_settings
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Public (GET /_api/public/guild-settings answers from it, decision 023), so every open app hears of a change
-- through the live feed and pulls it.
INSERT INTO data_versions (collection, version) VALUES ('guild-settings', 1);
CREATE TRIGGER guild_settings_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guild_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('guild-settings');

ALTER TABLE guild_settings ENABLE ROW LEVEL SECURITY;
