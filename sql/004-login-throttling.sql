-- 004: login throttling per account and per source address (docs/decisions/026).
-- login_attempts.ip holds the source a failure is counted under: a validated IPv4 address, an IPv6 /64 network,
-- or 'unknown'; never a raw header. Only password checks are recorded, not attempts refused with 429.

-- Rows written before this held the first X-Forwarded-For entry unchecked, of any length.
UPDATE login_attempts SET ip = NULL WHERE length(ip) > 45;
ALTER TABLE login_attempts ADD CONSTRAINT login_attempts_ip_length CHECK (length(ip) <= 45);

-- The failures of one source across all accounts (password spraying), newest first.
CREATE INDEX login_attempts_ip_failures_idx ON login_attempts (ip, attempted_at DESC) WHERE NOT success;
