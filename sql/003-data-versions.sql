-- 003: a version per public collection, moved by every statement that writes its table (docs/decisions/023).
-- A read keyed on these versions (ETag, the server's cached answer) holds until one of them moves.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18): plain DDL, plpgsql triggers, no extensions.

CREATE TABLE data_versions (
  collection text PRIMARY KEY,
  version bigint NOT NULL
);

INSERT INTO data_versions (collection, version) VALUES
  ('members', 1),
  ('market', 1),
  ('boss-names', 1),
  ('boss-timers', 1),
  ('funds', 1),
  ('attendance', 1),
  ('salary', 1);

-- Statement level, AFTER: runs once per writing statement (an import of thousands of rows bumps once), in the
-- writing transaction, so the new version becomes visible exactly when the change does and a rollback takes
-- it back. The row lock it takes is held to the commit; writes that touch several collections still never lock
-- two versions in opposite orders: member, loot, attendance and import writes take the guild-funds row first
-- (lockDerivedFigures), and a boss rename or delete reaches its timer through the same cascade every time.
CREATE FUNCTION bump_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE collection = TG_ARGV[0];
  RETURN NULL;
END;
$$;

CREATE TRIGGER guild_members_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guild_members
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('members');
CREATE TRIGGER market_exchange_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON market_exchange
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('market');
CREATE TRIGGER boss_names_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON boss_names
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('boss-names');
CREATE TRIGGER boss_timers_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON boss_timers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('boss-timers');
CREATE TRIGGER guild_funds_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guild_funds
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('funds');
CREATE TRIGGER attendance_records_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON attendance_records
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('attendance');
-- The stored distributions (002) behind the salary receipt.
CREATE TRIGGER salary_items_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON salary_items
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('salary');
CREATE TRIGGER salary_shares_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON salary_shares
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('salary');
CREATE TRIGGER salary_earners_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON salary_earners
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('salary');
CREATE TRIGGER salary_totals_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON salary_totals
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('salary');

ALTER TABLE data_versions ENABLE ROW LEVEL SECURITY;
