import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { discordRefusalText } from "@shared/auth/discord-sign-in-refusals.ts";
import { afterSignIn } from "@shared/auth/sign-in-landing.ts";
import { ErrorAlert } from "@web/components/error-alert.tsx";
import { ContinueWithDiscord } from "../features/auth/continue-with-discord.tsx";
import { LoginForm } from "../features/auth/login-form-view.tsx";
import { WritesWaitingForAccount } from "../features/outbox/writes-waiting-for-account.tsx";
import { useDocumentTitle } from "../shell/use-document-title.ts";

const route = getRouteApi("/public-layout/login");

/**
 * Back to the page that asked for a login, if it is one of ours; otherwise the dashboard for an officer or an admin
 * and My earnings for a raider, whom the dashboard would deny (docs/product.md#login, decisions 067, 070). A Discord
 * sign-in the server refused comes back here with `?error=<code>`, whose sentence shows above the form.
 */
export function LoginPage() {
  useDocumentTitle((brand) => `Log in - ${brand}`);
  const { redirect, error } = route.useSearch();
  const navigate = useNavigate();
  const refusal = discordRefusalText(error);
  return (
    <div className="mx-auto w-full max-w-sm py-4 sm:py-10">
      <WritesWaitingForAccount />
      <LoginForm
        onLoggedIn={(user) => navigate({ href: afterSignIn(redirect, user.role), replace: true })}
        lead={
          <>
            {refusal ? (
              <div className="mb-4" data-testid="discord-refusal">
                <ErrorAlert size="compact" message={refusal} />
              </div>
            ) : null}
            <ContinueWithDiscord next={redirect} />
          </>
        }
      />
    </div>
  );
}
