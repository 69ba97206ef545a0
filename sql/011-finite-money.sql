-- 011: every amount is a number (docs/decisions/054). PostgreSQL's numeric also holds NaN, which passes
-- CHECK (amount > 0) and every other comparison the schema makes, and, without a precision, ±Infinity; the code
-- can read neither, so one such value made every call that sums the table fail. A restore now refuses them before
-- they reach a table; these checks make the database refuse them too, on every numeric column.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

-- A database that already holds such a value is not changed: the migration stops and names the rows (the first
-- 20 and how many), because money is never guessed (not 0, not NULL). Correct each amount (in SQL, or by
-- restoring a good backup into a new database) and start the portal again.
DO $$
DECLARE
  total integer;
  listed text;
BEGIN
  WITH bad AS (
    SELECT 'guild_members id ' || id || ' salary = ' || salary AS what
      FROM guild_members WHERE salary IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'guild_members id ' || id || ' final_salary_amount = ' || final_salary_amount
      FROM guild_members WHERE final_salary_amount IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'market_exchange id ' || id || ' value = ' || value
      FROM market_exchange WHERE value IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'market_exchange id ' || id || ' total_funds = ' || total_funds
      FROM market_exchange WHERE total_funds IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'payouts id ' || id || ' amount = ' || amount
      FROM payouts WHERE amount IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'fund_spending id ' || id || ' amount = ' || amount
      FROM fund_spending WHERE amount IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'boss_names id ' || id || ' respawn_time_hours = ' || respawn_time_hours
      FROM boss_names WHERE respawn_time_hours IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'boss_timers id ' || id || ' duration_hours = ' || duration_hours
      FROM boss_timers WHERE duration_hours IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'guild_funds id ' || id || ' reserved_guild_funds = ' || reserved_guild_funds
      FROM guild_funds WHERE reserved_guild_funds IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'guild_funds id ' || id || ' admin_fund = ' || admin_fund
      FROM guild_funds WHERE admin_fund IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'salary_items item_id ' || item_id || ' value, guild_fund or admin_fund'
      FROM salary_items WHERE value IN ('NaN', 'Infinity', '-Infinity')
        OR guild_fund IN ('NaN', 'Infinity', '-Infinity') OR admin_fund IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'salary_shares item_id ' || item_id || ' position ' || position || ' general_share or elite_share'
      FROM salary_shares WHERE general_share IN ('NaN', 'Infinity', '-Infinity')
        OR elite_share IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'salary_earners earner_key ' || earner_key || ' general_share or elite_share'
      FROM salary_earners WHERE general_share IN ('NaN', 'Infinity', '-Infinity')
        OR elite_share IN ('NaN', 'Infinity', '-Infinity')
    UNION ALL SELECT 'salary_totals id ' || id || ' guild_fund or admin_fund'
      FROM salary_totals WHERE guild_fund IN ('NaN', 'Infinity', '-Infinity')
        OR admin_fund IN ('NaN', 'Infinity', '-Infinity')
  )
  SELECT count(*)::int, array_to_string((array_agg(what ORDER BY what))[1:20], '; ') INTO total, listed FROM bad;
  IF total > 0 THEN
    RAISE EXCEPTION 'Migration 011 stopped: % amount(s) are not numbers (NaN or infinite): %. Correct them (set each amount in SQL, or restore a good backup into a new database) and start again; nothing was changed.',
      total, listed;
  END IF;
END
$$;

ALTER TABLE guild_members
  ADD CONSTRAINT guild_members_salary_finite
    CHECK (salary <> 'NaN' AND salary <> 'Infinity' AND salary <> '-Infinity'),
  ADD CONSTRAINT guild_members_final_salary_amount_finite
    CHECK (final_salary_amount <> 'NaN' AND final_salary_amount <> 'Infinity' AND final_salary_amount <> '-Infinity');
ALTER TABLE market_exchange
  ADD CONSTRAINT market_exchange_value_finite
    CHECK (value <> 'NaN' AND value <> 'Infinity' AND value <> '-Infinity'),
  ADD CONSTRAINT market_exchange_total_funds_finite
    CHECK (total_funds <> 'NaN' AND total_funds <> 'Infinity' AND total_funds <> '-Infinity');
ALTER TABLE payouts
  ADD CONSTRAINT payouts_amount_finite CHECK (amount <> 'NaN' AND amount <> 'Infinity' AND amount <> '-Infinity');
ALTER TABLE fund_spending
  ADD CONSTRAINT fund_spending_amount_finite
    CHECK (amount <> 'NaN' AND amount <> 'Infinity' AND amount <> '-Infinity');
ALTER TABLE boss_names
  ADD CONSTRAINT boss_names_respawn_time_hours_finite
    CHECK (respawn_time_hours <> 'NaN' AND respawn_time_hours <> 'Infinity' AND respawn_time_hours <> '-Infinity');
ALTER TABLE boss_timers
  ADD CONSTRAINT boss_timers_duration_hours_finite
    CHECK (duration_hours <> 'NaN' AND duration_hours <> 'Infinity' AND duration_hours <> '-Infinity');
ALTER TABLE guild_funds
  ADD CONSTRAINT guild_funds_reserved_guild_funds_finite
    CHECK (reserved_guild_funds <> 'NaN' AND reserved_guild_funds <> 'Infinity' AND reserved_guild_funds <> '-Infinity'),
  ADD CONSTRAINT guild_funds_admin_fund_finite
    CHECK (admin_fund <> 'NaN' AND admin_fund <> 'Infinity' AND admin_fund <> '-Infinity');
ALTER TABLE salary_items
  ADD CONSTRAINT salary_items_value_finite CHECK (value <> 'NaN' AND value <> 'Infinity' AND value <> '-Infinity'),
  ADD CONSTRAINT salary_items_guild_fund_finite
    CHECK (guild_fund <> 'NaN' AND guild_fund <> 'Infinity' AND guild_fund <> '-Infinity'),
  ADD CONSTRAINT salary_items_admin_fund_finite
    CHECK (admin_fund <> 'NaN' AND admin_fund <> 'Infinity' AND admin_fund <> '-Infinity');
ALTER TABLE salary_shares
  ADD CONSTRAINT salary_shares_general_share_finite
    CHECK (general_share <> 'NaN' AND general_share <> 'Infinity' AND general_share <> '-Infinity'),
  ADD CONSTRAINT salary_shares_elite_share_finite
    CHECK (elite_share <> 'NaN' AND elite_share <> 'Infinity' AND elite_share <> '-Infinity');
-- A difference upserted onto an earner's row is a finite amount, so these hold for the proposed row too (002).
ALTER TABLE salary_earners
  ADD CONSTRAINT salary_earners_general_share_finite
    CHECK (general_share <> 'NaN' AND general_share <> 'Infinity' AND general_share <> '-Infinity'),
  ADD CONSTRAINT salary_earners_elite_share_finite
    CHECK (elite_share <> 'NaN' AND elite_share <> 'Infinity' AND elite_share <> '-Infinity');
ALTER TABLE salary_totals
  ADD CONSTRAINT salary_totals_guild_fund_finite
    CHECK (guild_fund <> 'NaN' AND guild_fund <> 'Infinity' AND guild_fund <> '-Infinity'),
  ADD CONSTRAINT salary_totals_admin_fund_finite
    CHECK (admin_fund <> 'NaN' AND admin_fund <> 'Infinity' AND admin_fund <> '-Infinity');
