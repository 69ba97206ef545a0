-- 006: which transaction last wrote each synced row, and tombstones of deleted rows, so a client can pull only
-- what changed since its cursor (GET /_api/changes, docs/decisions/031).
-- A row's changed_in is the id of the transaction that inserted or last updated it (xid8, never wraps). A
-- cursor is the oldest transaction still running when a pull read its snapshot: every transaction below it has
-- finished, so a write that commits later always has changed_in >= that cursor and is in the next pull.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18): xid8 and pg_current_xact_id() are PostgreSQL 13+.

CREATE FUNCTION mark_row_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_in := pg_current_xact_id();
  RETURN NEW;
END;
$$;

-- Tombstones: one row per deleted row, pruned after a retention (worker/sync/changes-repo.ts); a cursor older
-- than what was pruned gets a full pull instead of a delta.
CREATE TABLE deleted_rows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  collection text NOT NULL,
  row_id integer NOT NULL,
  changed_in xid8 NOT NULL DEFAULT pg_current_xact_id(),
  deleted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deleted_rows_changed_in_idx ON deleted_rows (changed_in);
CREATE INDEX deleted_rows_deleted_at_idx ON deleted_rows (deleted_at);

-- The newest changed_in among pruned tombstones: a cursor at or below it may have missed a deletion.
CREATE TABLE sync_horizon (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  pruned_through xid8 NOT NULL DEFAULT '0'
);
INSERT INTO sync_horizon (id) VALUES (1);

CREATE FUNCTION record_row_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_rows (collection, row_id) VALUES (TG_ARGV[0], OLD.id);
  RETURN NULL;
END;
$$;

ALTER TABLE guild_members ADD COLUMN changed_in xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE market_exchange ADD COLUMN changed_in xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE boss_names ADD COLUMN changed_in xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE boss_timers ADD COLUMN changed_in xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE attendance_records ADD COLUMN changed_in xid8 NOT NULL DEFAULT pg_current_xact_id();
ALTER TABLE guild_funds ADD COLUMN changed_in xid8 NOT NULL DEFAULT pg_current_xact_id();

CREATE INDEX guild_members_changed_in_idx ON guild_members (changed_in);
CREATE INDEX market_exchange_changed_in_idx ON market_exchange (changed_in);
CREATE INDEX boss_names_changed_in_idx ON boss_names (changed_in);
CREATE INDEX boss_timers_changed_in_idx ON boss_timers (changed_in);
CREATE INDEX attendance_records_changed_in_idx ON attendance_records (changed_in);

CREATE TRIGGER guild_members_changed_in BEFORE UPDATE ON guild_members
  FOR EACH ROW EXECUTE FUNCTION mark_row_changed();
CREATE TRIGGER market_exchange_changed_in BEFORE UPDATE ON market_exchange
  FOR EACH ROW EXECUTE FUNCTION mark_row_changed();
CREATE TRIGGER boss_names_changed_in BEFORE UPDATE ON boss_names
  FOR EACH ROW EXECUTE FUNCTION mark_row_changed();
CREATE TRIGGER boss_timers_changed_in BEFORE UPDATE ON boss_timers
  FOR EACH ROW EXECUTE FUNCTION mark_row_changed();
CREATE TRIGGER attendance_records_changed_in BEFORE UPDATE ON attendance_records
  FOR EACH ROW EXECUTE FUNCTION mark_row_changed();
CREATE TRIGGER guild_funds_changed_in BEFORE UPDATE ON guild_funds
  FOR EACH ROW EXECUTE FUNCTION mark_row_changed();

CREATE TRIGGER guild_members_deleted AFTER DELETE ON guild_members
  FOR EACH ROW EXECUTE FUNCTION record_row_deleted('members');
CREATE TRIGGER market_exchange_deleted AFTER DELETE ON market_exchange
  FOR EACH ROW EXECUTE FUNCTION record_row_deleted('market');
CREATE TRIGGER boss_names_deleted AFTER DELETE ON boss_names
  FOR EACH ROW EXECUTE FUNCTION record_row_deleted('boss-names');
CREATE TRIGGER boss_timers_deleted AFTER DELETE ON boss_timers
  FOR EACH ROW EXECUTE FUNCTION record_row_deleted('boss-timers');
CREATE TRIGGER attendance_records_deleted AFTER DELETE ON attendance_records
  FOR EACH ROW EXECUTE FUNCTION record_row_deleted('attendance');

ALTER TABLE deleted_rows ENABLE ROW LEVEL SECURITY;
ALTER TABLE sync_horizon ENABLE ROW LEVEL SECURITY;
