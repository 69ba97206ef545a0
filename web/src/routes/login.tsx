import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import type { AccountRole } from "@shared/contract/roles.ts";
import { LoginForm } from "../features/auth/login-form-view.tsx";
import { WritesWaitingForAccount } from "../features/outbox/writes-waiting-for-account.tsx";
import { useSession } from "../lib/session-store.ts";
import { useDocumentTitle } from "../shell/use-document-title.ts";

const route = getRouteApi("/public-layout/login");

/**
 * Where the login lands (decision 072): fetched once the password is accepted, so the admin area's page roles it
 * reads stay out of the login page's first download. Should that fetch fail, My page, which every account opens.
 */
async function landing(next: string | undefined, role: AccountRole): Promise<string> {
  try {
    return (await import("./-components/login-landing.ts")).loginLanding(next, role);
  } catch {
    return "/me";
  }
}

// Only after the server said this device's account lost its access (decision 073).
const AccessRemovedNotice = lazy(() =>
  import("../features/auth/login-notices.tsx").then((module) => ({
    default: module.AccessRemovedNotice,
  })),
);

// Only after a restore signed this device out (decision 089).
const RestoredNotice = lazy(() =>
  import("../features/auth/login-notices.tsx").then((module) => ({ default: module.RestoredNotice })),
);

// After the form's first paint: the page's initial JavaScript stays the password form's (decision 070).
const DiscordSignInLead = lazy(() =>
  import("../features/auth/continue-with-discord.tsx").then((module) => ({
    default: module.DiscordSignInLead,
  })),
);

/**
 * Back to the page that asked for a login, if it is one of ours; otherwise the dashboard for an officer or an admin
 * and My earnings for a raider, whom the dashboard would deny (docs/product.md#login, decisions 067, 070). A Discord
 * sign-in the server refused comes back here with `?error=<code>`, whose sentence shows above the form.
 */
export function LoginPage() {
  useDocumentTitle((brand) => `Log in - ${brand}`);
  const { next, error } = route.useSearch();
  const navigate = useNavigate();
  const session = useSession();
  const accessRemoved = session.status === "unauthenticated" && session.accessRemoved;
  const restoredAt = session.status === "unauthenticated" ? session.restoredAt : undefined;
  return (
    <div className="mx-auto w-full max-w-sm py-4 sm:py-10">
      {accessRemoved && (
        <Suspense fallback={null}>
          <AccessRemovedNotice />
        </Suspense>
      )}
      {restoredAt && (
        <Suspense fallback={null}>
          <RestoredNotice restoredAt={restoredAt} />
        </Suspense>
      )}
      <WritesWaitingForAccount />
      <LoginForm
        onLoggedIn={async (user) => navigate({ href: await landing(next, user.role), replace: true })}
        lead={
          <Suspense fallback={null}>
            <DiscordSignInLead next={next} error={error} />
          </Suspense>
        }
      />
    </div>
  );
}
