-- 019: the guild's split rules with the day they take effect (docs/decisions/075). A Sold item is split under the
-- rule set in force on its day (its acquired date, else the UTC day it was recorded); before the first row, and in a
-- guild without rows, the default 10/5/25/60 holds. The parts are basis points (hundredths of a percent) adding up to
-- 100%. Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

CREATE TABLE split_rules (
  effective_from date PRIMARY KEY CHECK (effective_from BETWEEN DATE '2000-01-01' AND DATE '2199-12-31'),
  guild_fund_bp integer NOT NULL CHECK (guild_fund_bp BETWEEN 0 AND 10000),
  admin_fund_bp integer NOT NULL CHECK (admin_fund_bp BETWEEN 0 AND 10000),
  elite_pool_bp integer NOT NULL CHECK (elite_pool_bp BETWEEN 0 AND 10000),
  base_pool_bp integer NOT NULL CHECK (base_pool_bp BETWEEN 0 AND 10000),
  -- Which member categories share the elite pool.
  elite_guild_master boolean NOT NULL,
  elite_core boolean NOT NULL,
  elite_members boolean NOT NULL,
  -- Where an elite pool goes when no participant is in an elite category.
  empty_elite_pool text NOT NULL CHECK (empty_elite_pool IN ('guild-fund', 'base-pool')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (guild_fund_bp + admin_fund_bp + elite_pool_bp + base_pool_bp = 10000)
);
CREATE TRIGGER split_rules_set_updated_at BEFORE UPDATE ON split_rules
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- The rules are part of the public guild settings (GET /_api/public/guild-settings): every open app pulls a change.
CREATE TRIGGER split_rules_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON split_rules
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version('guild-settings');

ALTER TABLE split_rules ENABLE ROW LEVEL SECURITY;
