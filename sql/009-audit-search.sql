-- 009: a readable, searchable audit log (docs/decisions/048). Each entry keeps the name of what it changed
-- (the item's loot name, the member's player name...) as it was at the time, and a search vector over that
-- name, the entity id, the actor's email, the action and the entity kind. Filters by person, by entity and the
-- search each have an index, so a page costs what it reads, not the length of a guild's history.

ALTER TABLE audit_log ADD COLUMN subject text CHECK (subject IS NULL OR length(subject) <= 200);

-- Entries written before 009: the name the stored values carry (the same fields worker/audit/audit-subject.ts reads;
-- ->> gives NULL on a list or a JSON null, so those rows keep no name).
UPDATE audit_log
   SET subject = left(
         COALESCE(
           after ->> 'lootName', before ->> 'lootName',
           after ->> 'playerName', before ->> 'playerName',
           after ->> 'displayName', before ->> 'displayName',
           after ->> 'name', before ->> 'name',
           after ->> 'bossName', before ->> 'bossName',
           CASE WHEN entity = 'boss_timer' THEN entity_id END
         ),
         200);

-- The words are runs of letters and digits, lower-cased, taken as they are (no text-search parser: it reads
-- '17e9b330' as the number 17e9 and the word b330, and a hyphenated name both whole and in parts). The query
-- side splits the same way and matches each word as a prefix ('storm:*'). The email's '@' and dots split it,
-- so 'officer' finds officer@guild.example.
ALTER TABLE audit_log ADD COLUMN search tsvector GENERATED ALWAYS AS (
  array_to_tsvector(array_remove(regexp_split_to_array(lower(
    coalesce(subject, '') || ' ' || coalesce(entity_id, '') || ' ' || coalesce(actor_email, '') || ' ' ||
    action || ' ' || entity), '[^[:alnum:]]+'), ''))
) STORED;

CREATE INDEX audit_log_search_idx ON audit_log USING gin (search);
-- Newest first within one person's, one kind's or one entity's entries (keyset pagination by id).
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC);
CREATE INDEX audit_log_entity_kind_idx ON audit_log (entity, id DESC);
CREATE INDEX audit_log_entity_one_idx ON audit_log (entity, entity_id, id DESC);
-- Covered by audit_log_entity_one_idx.
DROP INDEX audit_log_entity_idx;
