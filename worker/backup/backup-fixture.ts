/**
 * Test data for the backup tests: awkward on purpose (quotes, backslashes, new lines, non-ASCII, NULLs, an alt
 * whose main has a higher id, an older comma-separated participant list, timestamps with microseconds, JSON in the
 * audit log), yet every value one the API's writes accept, as a restore checks (docs/decisions/054): the awkward
 * characters sit where the API takes them (loot names, a payout's reference, a purpose, the audit log's JSON).
 * FIXTURE_SCHEMA_9 runs on a database at schema 9; FIXTURE_SCHEMA_10 adds what migration 010 made possible.
 */
export const FIXTURE_SCHEMA_9 = String.raw`
INSERT INTO users (id, email, display_name, role, created_at, updated_at) VALUES
  (900, 'keeper@guild.test', 'Keeper', 'admin', '2026-01-01 00:00:00.000001+00', '2026-01-01 00:00:00.000001+00'),
  (901, 'raider@guild.test', 'Raider Zoë', 'user', '2026-01-02 00:00:00+00', '2026-01-02 00:00:00+00');
INSERT INTO user_passwords (user_id, password_hash, created_at, updated_at) VALUES
  (900, 'pbkdf2-sha256$600000$c2FsdA$aGFzaA', '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00');
INSERT INTO guild_members (id, player_name, category, raids_participated, status, kicked_date,
  final_salary_amount, player_alias, created_at, updated_at) VALUES
  (3, 'O''Brien', 'Guild Master', 4, 'active', NULL, NULL, 'Obi', '2026-01-02 03:04:05.123456+00',
   '2026-01-03 00:00:00.000001+00'),
  (5, 'Zoë Ærin', 'Core', 0, 'active', NULL, NULL, NULL, '2026-01-02 03:04:05+00',
   '2026-01-02 03:04:05+00'),
  (7, 'Ødegård', 'Members', 12, 'kicked', '2026-11-10 18:00:00.5+00', 12.34, NULL,
   '2025-12-31 23:59:59.999999+00', '2026-11-10 18:00:00.5+00');
INSERT INTO guild_members (id, player_name, category, main_member_id, created_at, updated_at) VALUES
  (2, 'Alt of O''Brien', 'Members', 3, '2026-02-01 00:00:00+00', '2026-02-01 00:00:00+00'),
  (4, 'Zoë''s Alt', 'Members', 5, '2026-02-01 00:00:00+00', '2026-02-01 00:00:00+00');
INSERT INTO boss_names (id, name, respawn_time_hours, created_at, updated_at) VALUES
  (1, 'Gravemaw', 10, '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00'),
  (2, 'MILAVY', -1, '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00'),
  (6, 'Queen''s Wyrm', 1.5, '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00');
INSERT INTO boss_timers (id, boss_name, start_time, end_time, duration_hours, is_active, status, started_by,
  created_at, updated_at) VALUES
  (4, 'Gravemaw', '2026-11-20 10:00:00.111111+00', '2026-11-20 20:00:00.111111+00', 10, true, 'active', 900,
   '2026-11-20 10:00:00.111111+00', '2026-11-20 10:00:00.111111+00');
INSERT INTO market_exchange (id, loot_name, boss_name, value, status, participated_members, total_funds,
  date_acquired, created_at, updated_at) VALUES
  (10, 'Sword of ''Quotes'', "Tab" \ Slash', 'Gravemaw', 3200.00, 'Sold', '["O''Brien","Zoë Ærin","Ødegård"]', 3200,
   '2026-11-15', '2026-11-15 12:00:00.654321+00', '2026-11-15 12:00:00.654321+00'),
  (11, 'Ring', 'MILAVY', 0.01, 'Pending', '', 0, NULL, '2026-11-16 12:00:00+00', '2026-11-16 12:00:00+00'),
  (12, 'Cloak', 'Gravemaw', 100.01, 'Sold', 'O''Brien,
Obi', 100.01, '2026-11-17', '2026-11-17 12:00:00+00', '2026-11-17 12:00:00+00');
INSERT INTO attendance_records (id, boss_name, date_attended, participated_members, created_by, created_at,
  updated_at) VALUES
  (8, 'Gravemaw', '2026-11-15 12:00:00.25+00', '["O''Brien","Zoë Ærin"]', 900,
   '2026-11-15 12:00:00.25+00', '2026-11-15 12:00:00.25+00');
INSERT INTO audit_log (id, actor_id, actor_email, action, entity, entity_id, subject, before, after, created_at) VALUES
  (20, 900, 'keeper@guild.test', 'create', 'member', '3', 'O''Brien', NULL,
   '{"playerName": "O''Brien", "salary": "0.00", "note": "tab\tand \\ backslash"}', '2026-01-02 03:04:05.123456+00'),
  (21, NULL, NULL, 'update', 'market_item', '10', 'Sword of ''Quotes'', "Tab" \ Slash', '{"value": "3100.00"}',
   '{"value": "3200.00", "list": [1, 2.50, null]}', '2026-11-15 12:00:00.654321+00');
`;

export const FIXTURE_SCHEMA_10 = `
UPDATE users SET member_id = 3, updated_at = '2026-01-02 00:00:00+00' WHERE id = 901;
INSERT INTO payouts (id, member_id, member_name, amount, paid_on, method, reference, recorded_by, created_at,
  updated_at) VALUES
  (1, 3, 'O''Brien', 12.34, '2026-11-20', 'USDT TRC20', '0xabc''def', 900, '2026-11-20 08:00:00.000002+00',
   '2026-11-20 08:00:00.000002+00'),
  (2, NULL, 'Gone Member', 0.01, '2026-11-21', '', '', NULL, '2026-11-21 08:00:00+00', '2026-11-21 08:00:00+00');
INSERT INTO fund_spending (id, fund, amount, purpose, spent_on, recorded_by, created_at, updated_at) VALUES
  (1, 'guild', 50.00, 'Guild hall rent — “winter”\nand a \\ backslash', '2026-11-22', 900, '2026-11-22 00:00:00+00',
   '2026-11-22 00:00:00+00');
`;

/** The guild's name in the fixture's backups. */
export const FIXTURE_GUILD = "O'Guild — Ærin";
/** The clock of the fixture's backups, so that two of the same data are the same bytes. */
export const FIXTURE_NOW = new Date("2026-11-25T06:00:00.000Z");
