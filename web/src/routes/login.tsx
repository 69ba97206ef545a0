import { getRouteApi, useNavigate } from "@tanstack/react-router";
import type { AccountRole } from "@shared/contract/roles.ts";
import { AccessRemovedNotice } from "../features/auth/access-removed-notice.tsx";
import { LoginForm } from "../features/auth/login-form-view.tsx";
import { WritesWaitingForAccount } from "../features/outbox/writes-waiting-for-account.tsx";
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

export function LoginPage() {
  useDocumentTitle((brand) => `Log in - ${brand}`);
  const { next } = route.useSearch();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-sm py-4 sm:py-10">
      <AccessRemovedNotice />
      <WritesWaitingForAccount />
      <LoginForm
        onLoggedIn={async (user) => navigate({ href: await landing(next, user.role), replace: true })}
      />
    </div>
  );
}
