/**
 * Admin › Guild Settings › Discord sign-in (decision 070): the Discord application's client id and secret, the
 * guild's server and which of its roles give which portal role. The secret is never shown: the field says whether
 * one is set, and typing in it replaces it. Read from the server each time (online only), saved with
 * PUT /_api/admin/discord-sign-in.
 */
import { KeyRound, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { DISCORD_SIGN_IN_SETTINGS_CALLS } from "@shared/contract/discord-sign-in.ts";
import { ACCOUNT_ROLES, type AccountRole, ROLE_LABELS } from "@shared/contract/roles.ts";
import type { DiscordSignInSettings, RoleMapping } from "@shared/schemas/discord-sign-in.ts";
import { Button } from "@web/components/button.tsx";
import { CopyButton } from "@web/components/copy-button.tsx";
import { inputClass } from "@web/components/filter-select.tsx";
import { PageSkeleton } from "@web/components/page-skeleton.tsx";
import { SettingsSection } from "@web/components/settings-section.tsx";
import { TextField } from "@web/components/text-field.tsx";
import { api, errorMessage } from "@web/lib/api-client.ts";
import { toast } from "@web/lib/toast.tsx";
import { useServerRead } from "@web/lib/use-server-read.ts";

export const DISCORD_SIGN_IN_SAVED = "Discord sign-in saved.";

/** A row of the mapping as typed: a key for React, the rest as the call takes it. */
type RoleRow = RoleMapping & { key: number };

let rowKey = 0;
const toRows = (roles: readonly RoleMapping[]): RoleRow[] =>
  roles.map((role) => ({ ...role, key: ++rowKey }));

const SECRET_SOURCE_TEXT = {
  environment: "Set by the server's DISCORD_CLIENT_SECRET; it wins over one saved here.",
  settings: "Set. Type a new secret to replace it.",
} as const;

function statusText(settings: DiscordSignInSettings): string {
  if (settings.ready) return "On: the login page offers 'Continue with Discord'.";
  return "Off: fill in the client id, the secret, the server id and at least one role to turn it on.";
}

function RoleRows({ rows, onChange }: { rows: RoleRow[]; onChange: (rows: RoleRow[]) => void }) {
  const update = (key: number, change: Partial<RoleMapping>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <ul className="flex flex-col gap-3" data-testid="discord-role-rows">
      {rows.map((row, index) => (
        <li
          key={row.key}
          className="grid grid-cols-1 gap-2 rounded-lg border border-line p-3 sm:grid-cols-[1fr_1fr_9rem_auto]"
        >
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Discord role ID
            <input
              className={`${inputClass} tabular-nums`}
              inputMode="numeric"
              value={row.roleId}
              onChange={(e) => update(row.key, { roleId: e.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Label (optional)
            <input
              className={inputClass}
              placeholder="e.g. Core"
              value={row.label}
              onChange={(e) => update(row.key, { label: e.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Portal role
            <select
              className={inputClass}
              value={row.role}
              onChange={(e) => update(row.key, { role: e.target.value as AccountRole })}
            >
              {ACCOUNT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          </label>
          <Button
            variant="ghost"
            size="icon"
            className="self-end"
            aria-label={`Remove role ${row.label || index + 1}`}
            onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

function DiscordSignInForm({
  settings,
  onSaved,
}: {
  settings: DiscordSignInSettings;
  onSaved: (s: DiscordSignInSettings) => void;
}) {
  const [clientId, setClientId] = useState(settings.clientId);
  const [clientSecret, setClientSecret] = useState("");
  const [guildId, setGuildId] = useState(settings.guildId);
  const [rows, setRows] = useState(() => toRows(settings.roles));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const saved = await api.call(DISCORD_SIGN_IN_SETTINGS_CALLS.save, {
        body: {
          clientId,
          guildId,
          roles: rows.map(({ key: _key, ...mapping }) => mapping),
          ...(clientSecret.trim() === "" ? {} : { clientSecret }),
        },
      });
      setClientSecret("");
      setRows(toRows(saved.roles));
      onSaved(saved);
      toast.success(DISCORD_SIGN_IN_SAVED);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={save}
      className="flex flex-col gap-4"
      aria-describedby={error ? errorId : undefined}
    >
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-ink">Redirect URL</p>
        <p className="text-xs text-ink-muted">
          Paste it in the Discord Developer Portal under OAuth2 › Redirects.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            className="min-w-0 flex-1 break-all rounded-lg border border-line bg-canvas px-3 py-2 text-sm text-ink"
            data-testid="discord-redirect-url"
          >
            {settings.redirectUrl}
          </code>
          <CopyButton text={settings.redirectUrl} ariaLabel="Copy the redirect URL" />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Client ID"
          inputMode="numeric"
          value={clientId}
          onChange={setClientId}
          hint="OAuth2 › Client ID"
        />
        <TextField
          label="Client secret"
          type="password"
          autoComplete="off"
          value={clientSecret}
          onChange={setClientSecret}
          placeholder={settings.clientSecretSet ? "•••••••• (set)" : "Not set"}
          hint={
            settings.clientSecretSource
              ? SECRET_SOURCE_TEXT[settings.clientSecretSource]
              : "OAuth2 › Reset Secret, then paste it here."
          }
        />
        <TextField
          label="Server ID"
          inputMode="numeric"
          value={guildId}
          onChange={setGuildId}
          hint="Developer Mode on, then right-click the server › Copy Server ID"
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-ink">Discord roles that let members in</legend>
        <p className="text-xs text-ink-muted">
          A member gets the highest portal role among their Discord roles; a member with none of these is not
          let in, and loses access at their next sign-in.
        </p>
        {rows.length === 0 ? (
          <p className="text-sm text-ink-muted">No role yet: nobody can sign in with Discord.</p>
        ) : null}
        <RoleRows rows={rows} onChange={setRows} />
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => setRows([...rows, { key: ++rowKey, roleId: "", role: "user", label: "" }])}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add a role
        </Button>
      </fieldset>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-200">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? "Saving…" : "Save Discord sign-in"}
      </Button>
    </form>
  );
}

export function DiscordSignInSection({ online }: { online: boolean }) {
  const read = useServerRead(
    ["discord-sign-in"],
    (signal) => api.call(DISCORD_SIGN_IN_SETTINGS_CALLS.read, { signal }),
    online,
  );
  const settings = read.data;
  return (
    <SettingsSection
      icon={KeyRound}
      title="Discord sign-in"
      description="Raiders sign in with their Discord account; their roles in the guild's Discord server decide what they may do here, read again at every sign-in. Passwords keep working."
    >
      {!online && !settings ? (
        <p className="text-sm text-ink-muted">
          You are offline: Discord sign-in's settings need a connection.
        </p>
      ) : read.status === "error" && !settings ? (
        <p role="alert" className="text-sm text-red-200">
          {read.error}
        </p>
      ) : !settings ? (
        <PageSkeleton label="Loading Discord sign-in" />
      ) : (
        <>
          <p className="text-sm text-ink" data-testid="discord-sign-in-status">
            {statusText(settings)}
          </p>
          <DiscordSignInForm settings={settings} onSaved={read.replace} />
        </>
      )}
    </SettingsSection>
  );
}
