-- Sample data for a brand-new database (skipped with SEED_SAMPLE_DATA=false). Every name is made up for
-- this project, except the eight fixed-schedule bosses, whose names the schedules are keyed by.

INSERT INTO guild_members (player_name, category) VALUES
  ('Ashvale', 'Guild Master'),
  ('Brightforge', 'Core'), ('Cinderwhisk', 'Core'), ('Dawnrider', 'Core'), ('Emberlyn', 'Core'),
  ('Frostmantle', 'Core'), ('Galewarden', 'Core'), ('Hollowpeak', 'Core'), ('Ironveil', 'Core'),
  ('Jadeclaw', 'Core'), ('Kestrelmoor', 'Core'),
  ('Larkspire', 'Members'), ('Mossbane', 'Members'), ('Nightquill', 'Members'), ('Oakenshard', 'Members'),
  ('Pyrelight', 'Members'), ('Quillfeather', 'Members'), ('Runeweaver', 'Members'), ('Stormhollow', 'Members'),
  ('Thistledown', 'Members'), ('Umbravane', 'Members'), ('Vexwind', 'Members'), ('Wyrmtooth', 'Members'),
  ('Yarrowstep', 'Members'), ('Zephyrine', 'Members'), ('Amberlock', 'Members'), ('Briarwind', 'Members'),
  ('Coppervale', 'Members'), ('Duskmere', 'Members'), ('Elmsworth', 'Members'), ('Flintridge', 'Members'),
  ('Glimmerfen', 'Members'), ('Hazelcrest', 'Members'), ('Ivorytide', 'Members'), ('Juniperra', 'Members'),
  ('Kindlebrook', 'Members'), ('Lumenhart', 'Members'), ('Marrowfen', 'Members'), ('Nettlewick', 'Members'),
  ('Onyxgale', 'Members'), ('Pebblewhit', 'Members'), ('Quartzlyn', 'Members'), ('Rimefall', 'Members'),
  ('Sablethorn', 'Members'), ('Tidecaller', 'Members'), ('Veilshade', 'Members'), ('Willowmere', 'Members');

-- One player, two characters: Ironveil (main, player alias 'Veil') and Veilshade.
UPDATE guild_members SET player_alias = 'Veil' WHERE player_name = 'Ironveil';
UPDATE guild_members SET main_member_id = (SELECT id FROM guild_members WHERE player_name = 'Ironveil')
 WHERE player_name = 'Veilshade';

-- One member has left the guild and waits for the payout.
UPDATE guild_members SET status = 'kicked', kicked_date = '2026-11-10 18:00:00+00', final_salary_amount = 0
 WHERE player_name = 'Rimefall';

-- 16 interval bosses (hours) and the 8 fixed-schedule bosses (codes -1..-8, in the schedule order).
INSERT INTO boss_names (name, respawn_time_hours) VALUES
  ('Gravemaw', 10), ('Thornqueen', 12), ('Ashen Colossus', 18), ('Mirelurk', 20),
  ('Stormcaller Vhen', 24), ('Frostfang', 24), ('Obsidian Warden', 30), ('Hollow King', 36),
  ('Bloodmoon Matriarch', 40), ('Ironhide Behemoth', 48), ('Sunscorch Wyrm', 60), ('Duskwing', 72),
  ('Abyssal Leviathan', 96), ('Crystal Sentinel', 120), ('Eclipse Titan', 144), ('Worldeater', 168),
  ('MILAVY', -1), ('RINGOR', -2), ('RODERICK', -3), ('AURAQ', -4),
  ('THYMELE', -5), ('SAPHIRUS', -6), ('NEUTRO', -7), ('CLEMANTIS', -8);

-- Three loot items, one Sold. The Sold item (3,200.00 USDT, Guild Master + 3 Core + 4 Members) splits into
-- guild fund 320.00, admin fund 160.00, elite pool 800.00 (200.00 each for the 4 elite) and base pool
-- 1,920.00 (240.00 each for all 8).
INSERT INTO market_exchange (loot_name, boss_name, value, status, participated_members, total_funds, date_acquired) VALUES
  ('Obsidian Greatblade', 'Ironhide Behemoth', 3200.00, 'Sold',
   '["Ashvale","Brightforge","Cinderwhisk","Dawnrider","Larkspire","Mossbane","Nightquill","Oakenshard"]',
   3200.00, '2026-11-15'),
  ('Frostbound Circlet', 'Frostfang', 850.50, 'Pending', 'Emberlyn, Frostmantle, Pyrelight', 0, '2026-11-19'),
  ('Tome of Ember Runes', 'Sunscorch Wyrm', 1200.00, 'Pending',
   '["Galewarden","Veil","Quillfeather","Runeweaver"]', 0, '2026-11-20');

UPDATE guild_members SET salary = 440.00 WHERE player_name IN ('Ashvale', 'Brightforge', 'Cinderwhisk', 'Dawnrider');
UPDATE guild_members SET salary = 240.00 WHERE player_name IN ('Larkspire', 'Mossbane', 'Nightquill', 'Oakenshard');
UPDATE guild_funds SET reserved_guild_funds = 320.00, admin_fund = 160.00 WHERE id = 1;

-- The Sold item's stored distribution (docs/decisions/024), which the figures above are the sums of.
INSERT INTO salary_items (item_id, value, guild_fund, admin_fund, name_keys, shared_players)
SELECT id, 3200.00, 320.00, 160.00,
       ARRAY['ashvale', 'brightforge', 'cinderwhisk', 'dawnrider', 'larkspire', 'mossbane', 'nightquill', 'oakenshard'],
       '{}'
  FROM market_exchange WHERE loot_name = 'Obsidian Greatblade';
INSERT INTO salary_shares (item_id, position, member_id, player_id, name, earner_key, general_share, elite_share)
SELECT i.id, p.ord - 1, m.id, m.id, m.player_name, 'member:' || m.id, 240.00,
       CASE WHEN m.category IN ('Guild Master', 'Core') THEN 200.00 ELSE 0 END
  FROM market_exchange i
 CROSS JOIN unnest(ARRAY['Ashvale', 'Brightforge', 'Cinderwhisk', 'Dawnrider', 'Larkspire', 'Mossbane',
                         'Nightquill', 'Oakenshard']) WITH ORDINALITY AS p(name, ord)
  JOIN guild_members m ON m.player_name = p.name
 WHERE i.loot_name = 'Obsidian Greatblade';
INSERT INTO salary_earners (earner_key, member_id, name, first_item_id, item_count, general_share, elite_share)
SELECT earner_key, member_id, name, item_id, 1, general_share, elite_share FROM salary_shares;
UPDATE salary_totals SET item_count = 1, guild_fund = 320.00, admin_fund = 160.00 WHERE id = 1;

-- Raid attendance, saved at 12:00 on the raid day. Total Raids is the number of records naming a member.
INSERT INTO attendance_records (boss_name, date_attended, participated_members) VALUES
  ('Ironhide Behemoth', '2026-11-15 12:00:00+00',
   '["Ashvale","Brightforge","Cinderwhisk","Dawnrider","Larkspire","Mossbane","Nightquill","Oakenshard"]'),
  ('Frostfang', '2026-11-19 12:00:00+00', '["Emberlyn","Frostmantle","Pyrelight"]'),
  ('Sunscorch Wyrm', '2026-11-20 12:00:00+00',
   '["Galewarden","Ironveil","Veilshade","Quillfeather","Runeweaver"]');

UPDATE guild_members m SET raids_participated = (
  SELECT count(*) FROM attendance_records a WHERE a.participated_members::jsonb ? m.player_name
);
