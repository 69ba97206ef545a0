-- 021: per-boss Discord spawn alerts (docs/decisions/077) and the guild's name as a setting (docs/decisions/078).
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

-- How long before this boss's spawn its Discord alert comes, in whole minutes; NULL: the Discord settings' lead
-- time (discord_settings.lead_minutes). The boss's own, so a backup carries it with the boss.
ALTER TABLE boss_names ADD COLUMN discord_lead_minutes integer
  CHECK (discord_lead_minutes IS NULL OR discord_lead_minutes BETWEEN 1 AND 60);
-- The Discord role the boss's spawn alert mentions (a snowflake, as sql/016 stores role ids); NULL: none.
ALTER TABLE boss_names ADD COLUMN discord_role_id text
  CHECK (discord_role_id IS NULL OR discord_role_id ~ '^[1-9][0-9]{16,19}$');

-- The role a queued message may ping: the post's allowed_mentions names it and nothing else.
ALTER TABLE discord_messages ADD COLUMN mention_role_id text
  CHECK (mention_role_id IS NULL OR mention_role_id ~ '^[1-9][0-9]{16,19}$');

-- The guild's name ({brand} in texts); NULL: GUILD_BRAND, as before. One line of at most 60 characters (GUILD_BRAND's
-- bound), without spaces around it and without control characters.
ALTER TABLE guild_settings ADD COLUMN guild_name text CHECK (
  guild_name IS NULL
  OR (length(guild_name) BETWEEN 1 AND 60 AND guild_name = btrim(guild_name) AND guild_name !~ '[[:cntrl:]]')
);
