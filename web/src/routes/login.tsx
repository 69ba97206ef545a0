import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { LoginForm } from "../features/auth/login-form-view.tsx";
import { WritesWaitingForAccount } from "../features/outbox/writes-waiting-for-account.tsx";
import { useDocumentTitle } from "../shell/use-document-title.ts";

const route = getRouteApi("/public-layout/login");

/** Back to the page that asked for a login, if it is one of ours; /admin otherwise (docs/product.md#login). */
function safeRedirect(target: string | undefined): string {
  return target?.startsWith("/") && !target.startsWith("//") && !target.startsWith("/login")
    ? target
    : "/admin";
}

export function LoginPage() {
  useDocumentTitle((brand) => `Admin Login - ${brand}`);
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-sm py-4 sm:py-10">
      <WritesWaitingForAccount />
      <LoginForm onLoggedIn={() => navigate({ href: safeRedirect(redirect), replace: true })} />
    </div>
  );
}
