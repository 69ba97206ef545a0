-- 016: sign in with Discord (issue 25, point 1; docs/decisions/070). An account may belong to a Discord user; the
-- guild's Discord application, server and role mapping are one settings row and a table; a sign-in in progress
-- keeps its state and PKCE verifier here for 10 minutes, and each is used once.
-- Portable to PostgreSQL 15, Neon and PGlite (Postgres 18).

-- The Discord user an account belongs to (made at its first Discord sign-in). NULL: a password account.
ALTER TABLE users ADD COLUMN discord_id text UNIQUE CHECK (discord_id ~ '^[1-9][0-9]{16,19}$');
-- True while the account is disabled because its Discord roles no longer admit it: a later sign-in with an admitted
-- role enables it again. An account an admin disabled (this false) stays disabled whatever its roles.
ALTER TABLE users ADD COLUMN disabled_by_discord boolean NOT NULL DEFAULT false;

CREATE TABLE discord_sign_in (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- The Discord application (Developer Portal › OAuth2). '' : not set.
  client_id text NOT NULL DEFAULT '' CHECK (client_id = '' OR client_id ~ '^[1-9][0-9]{16,19}$'),
  -- The client secret, AES-GCM encrypted with a key derived from AUTH_PEPPER ('v1.<iv>.<ciphertext>', base64url);
  -- NULL: none saved (DISCORD_CLIENT_SECRET may give one). Never answered to a browser.
  client_secret_box text CHECK (
    client_secret_box IS NULL
    OR (length(client_secret_box) <= 420 AND client_secret_box ~ '^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$')
  ),
  -- The guild's Discord server, whose members may sign in. '' : not set.
  guild_id text NOT NULL DEFAULT '' CHECK (guild_id = '' OR guild_id ~ '^[1-9][0-9]{16,19}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO discord_sign_in (id) VALUES (1);
CREATE TRIGGER discord_sign_in_set_updated_at BEFORE UPDATE ON discord_sign_in
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Which Discord role of the server gives which portal role; a member gets the highest of their roles'. No mapped
-- role: not let in.
CREATE TABLE discord_sign_in_roles (
  role_id text PRIMARY KEY CHECK (role_id ~ '^[1-9][0-9]{16,19}$'),
  portal_role text NOT NULL CHECK (portal_role IN ('admin', 'officer', 'user')),
  label text NOT NULL DEFAULT '' CHECK (length(label) <= 100 AND label = btrim(label))
);

-- Sign-ins in progress: the SHA-256 of the state (the state itself is only in the browser's address bar and
-- Discord's), the SHA-256 of the cookie that binds it to the browser that started it, the PKCE verifier, the
-- redirect URL given to Discord (the token exchange must repeat it) and the page to return to. A callback deletes
-- its row as it reads it, so a state is used once.
CREATE TABLE discord_sign_in_states (
  state_hash text PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  browser_hash text NOT NULL CHECK (browser_hash ~ '^[0-9a-f]{64}$'),
  code_verifier text NOT NULL CHECK (code_verifier ~ '^[A-Za-z0-9._~-]{43,128}$'),
  redirect_uri text NOT NULL CHECK (length(redirect_uri) BETWEEN 1 AND 500),
  next_path text CHECK (next_path IS NULL OR length(next_path) BETWEEN 1 AND 2000),
  expires_at timestamptz NOT NULL
);
CREATE INDEX discord_sign_in_states_expires_idx ON discord_sign_in_states (expires_at);

ALTER TABLE discord_sign_in ENABLE ROW LEVEL SECURITY;
ALTER TABLE discord_sign_in_roles ENABLE ROW LEVEL SECURITY;
ALTER TABLE discord_sign_in_states ENABLE ROW LEVEL SECURITY;
