-- 005: the scheduled purge deletes login attempts by age (worker/scheduled/purge.ts, docs/decisions/028). The
-- other tables it trims are indexed on their timestamp already: sessions (expires_at), idempotency_keys and
-- audit_log (created_at).
CREATE INDEX login_attempts_attempted_at_idx ON login_attempts (attempted_at);
