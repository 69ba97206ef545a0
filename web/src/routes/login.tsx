import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { isStaff } from "@shared/contract/roles.ts";
import type { SessionUser } from "@shared/schemas/login.ts";
import { AccessRemovedNotice } from "../features/auth/access-removed-notice.tsx";
import { LoginForm } from "../features/auth/login-form-view.tsx";
import { WritesWaitingForAccount } from "../features/outbox/writes-waiting-for-account.tsx";
import { useDocumentTitle } from "../shell/use-document-title.ts";

const route = getRouteApi("/public-layout/login");

/**
 * Back to the page that asked for a login, if it is one of ours; otherwise the dashboard for an officer or an
 * admin and My earnings for a raider, whom the dashboard would deny (docs/product.md#login, decision 067).
 */
function safeRedirect(target: string | undefined, user: SessionUser): string {
  if (target?.startsWith("/") && !target.startsWith("//") && !target.startsWith("/login")) return target;
  return isStaff(user.role) ? "/admin" : "/me/earnings";
}

export function LoginPage() {
  useDocumentTitle((brand) => `Log in - ${brand}`);
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-sm py-4 sm:py-10">
      <AccessRemovedNotice />
      <WritesWaitingForAccount />
      <LoginForm onLoggedIn={(user) => navigate({ href: safeRedirect(redirect, user), replace: true })} />
    </div>
  );
}
