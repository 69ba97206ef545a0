/**
 * Discord on the login page (decision 070): why a Discord sign-in was refused (`?error=<code>`), and 'Continue with
 * Discord' when the guild has set it up: a plain link to the server's start step, which sends the browser to Discord
 * and back, carrying the page the login was asked for. Offline, or until the server answers, the password form
 * stands alone. The login page loads this after its first paint, so its initial JavaScript does not grow.
 */

import { DISCORD_SIGN_IN_START_PATH, discordRefusalText } from "@shared/auth/discord-sign-in-refusals.ts";
import { SIGN_IN_OPTION_CALLS } from "@shared/contract/sign-in-options.ts";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { api } from "@web/lib/api-client.ts";
import { useServerRead } from "@web/lib/use-server-read.ts";

/** Discord's mark (its "Clyde" logo), drawn in the button's own colour. */
function DiscordMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
      <path d="M20.32 4.37A19.8 19.8 0 0 0 15.4 2.85a13.9 13.9 0 0 0-.63 1.28 18.4 18.4 0 0 0-5.53 0 12.6 12.6 0 0 0-.64-1.28 19.7 19.7 0 0 0-4.92 1.52C.54 9.05-.32 13.6.1 18.1a19.9 19.9 0 0 0 6.04 3.05c.49-.66.92-1.36 1.3-2.1a12.9 12.9 0 0 1-2.04-.98c.17-.12.34-.25.5-.38a14.2 14.2 0 0 0 12.2 0c.16.13.33.26.5.38-.65.39-1.34.72-2.05.98.38.74.81 1.44 1.3 2.1a19.8 19.8 0 0 0 6.05-3.05c.5-5.2-.84-9.72-3.58-13.73ZM8.02 15.33c-1.18 0-2.15-1.08-2.15-2.42 0-1.33.95-2.42 2.15-2.42 1.2 0 2.17 1.1 2.15 2.42 0 1.34-.95 2.42-2.15 2.42Zm7.96 0c-1.18 0-2.15-1.08-2.15-2.42 0-1.33.95-2.42 2.15-2.42 1.2 0 2.17 1.1 2.15 2.42 0 1.34-.94 2.42-2.15 2.42Z" />
    </svg>
  );
}

/** Discord's blurple, a shade darker than its brand colour so the white label reads at WCAG AA. */
const DISCORD_BUTTON =
  "inline-flex min-h-11 w-full select-none items-center justify-center gap-2 rounded-lg bg-[#4752C4] px-4 py-2 " +
  "text-sm font-semibold text-white transition-colors hover:bg-[#3C45A5] focus-visible:outline-none " +
  "focus-visible:ring-2 focus-visible:ring-gold/60";

function ContinueWithDiscord({ next }: { next: string | undefined }) {
  const options = useServerRead(["sign-in-options"], (signal) =>
    api.call(SIGN_IN_OPTION_CALLS.options, { signal }),
  );
  if (!options.data?.discord) return null;
  const href = next
    ? `${DISCORD_SIGN_IN_START_PATH}?next=${encodeURIComponent(next)}`
    : DISCORD_SIGN_IN_START_PATH;
  return (
    <div className="mb-6 space-y-4">
      <a href={href} className={DISCORD_BUTTON}>
        <DiscordMark />
        Continue with Discord
      </a>
      <div
        className="flex items-center gap-3 text-xs uppercase tracking-wide text-ink-muted"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
    </div>
  );
}

export function DiscordSignInLead({ next, error }: { next: string | undefined; error: string | undefined }) {
  const refusal = discordRefusalText(error);
  return (
    <>
      {refusal ? (
        <div className="mb-4" data-testid="discord-refusal">
          <ErrorAlert size="compact" message={refusal} />
        </div>
      ) : null}
      <ContinueWithDiscord next={next} />
    </>
  );
}
