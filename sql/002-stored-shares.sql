-- 002: the distribution of every Sold item, stored (docs/decisions/024).
-- A write redistributes only the items it touches; guild_members.salary and the guild-funds row are kept equal
-- to the sums over these rows, moved by the difference. The rows are filled from the existing items by the
-- migration's data step (worker/salary/rebuild.ts), in the same transaction.

-- One row per Sold item: what the funds receive from it and the names its participant text writes.
CREATE TABLE salary_items (
  item_id integer PRIMARY KEY,
  value numeric(14, 2) NOT NULL CHECK (value >= 0),
  guild_fund numeric(14, 2) NOT NULL CHECK (guild_fund >= 0),
  admin_fund numeric(14, 2) NOT NULL CHECK (admin_fund >= 0),
  -- Every name the participant text writes, lower-cased: a member created, renamed or given an alias finds the
  -- items whose resolution it may change.
  name_keys text[] NOT NULL,
  -- Players with two or more characters among the participants: a raid count of theirs splits this item.
  shared_players integer[] NOT NULL DEFAULT '{}'
);
-- fastupdate off: writes touch a few rows each, and a pending list (filled by the rebuild, never vacuumed on
-- PGlite) would be scanned by every search.
CREATE INDEX salary_items_name_keys_idx ON salary_items USING gin (name_keys) WITH (fastupdate = off);
CREATE INDEX salary_items_shared_players_idx ON salary_items USING gin (shared_players) WITH (fastupdate = off);

-- One row per participant of a Sold item, in the order of the participant list.
CREATE TABLE salary_shares (
  item_id integer NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  -- null: a participant who is not on the roster.
  member_id integer,
  -- The player the member belonged to when distributed (main character's id, or its own); null off the roster.
  player_id integer,
  -- The roster spelling, or the name as written.
  name text NOT NULL,
  -- Who earns it: 'member:<id>', or 'name:<name lower-cased>' off the roster (JavaScript's case folding).
  earner_key text NOT NULL,
  general_share numeric(14, 2) NOT NULL CHECK (general_share >= 0),
  elite_share numeric(14, 2) NOT NULL CHECK (elite_share >= 0),
  PRIMARY KEY (item_id, position)
);
CREATE INDEX salary_shares_member_idx ON salary_shares (member_id, item_id);
CREATE INDEX salary_shares_earner_idx ON salary_shares (earner_key, item_id);

-- Each earner's totals over their stored shares, moved by the difference like the salaries: the receipt's
-- summary reads one row per earner instead of every share. (No CHECKs: a difference is upserted onto the row,
-- and PostgreSQL checks the proposed row, which holds only the difference, before it finds the conflict.)
CREATE TABLE salary_earners (
  earner_key text PRIMARY KEY,
  member_id integer,
  -- The spelling at the earner's lowest item id (the receipt's name for someone not on the roster).
  name text NOT NULL,
  first_item_id integer NOT NULL,
  item_count integer NOT NULL,
  general_share numeric(14, 2) NOT NULL,
  elite_share numeric(14, 2) NOT NULL
);

-- The number of stored items and their fund parts added up, moved by the difference: the summary's totals
-- without reading every item.
CREATE TABLE salary_totals (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  item_count integer NOT NULL DEFAULT 0,
  guild_fund numeric(14, 2) NOT NULL DEFAULT 0,
  admin_fund numeric(14, 2) NOT NULL DEFAULT 0
);
INSERT INTO salary_totals (id) VALUES (1);

ALTER TABLE salary_totals ENABLE ROW LEVEL SECURITY;
ALTER TABLE salary_earners ENABLE ROW LEVEL SECURITY;
ALTER TABLE salary_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE salary_shares ENABLE ROW LEVEL SECURITY;
