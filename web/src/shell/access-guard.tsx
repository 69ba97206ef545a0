import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { LogOut, ShieldX } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { isStaff, mayCall } from "@shared/contract/roles.ts";
import { Button, buttonClass } from "../components/button.tsx";
import { Skeleton } from "../components/skeleton.tsx";
import { type Role, type SessionUser, useSession } from "../lib/session-store.ts";
import { logout } from "../lib/signed-in.ts";
import { useDocumentTitle } from "./use-document-title.ts";

/** The skeleton shown while the session loads (docs/product.md#access-guard). */
export function AuthenticatingSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mx-auto w-full max-w-3xl space-y-6 p-6">
      <h1 className="text-xl font-semibold text-ink">Authenticating</h1>
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <Skeleton className="h-48" />
    </div>
  );
}

/**
 * Sends the visitor to /login once, remembering the page they asked for. Not <Navigate>: it navigates again
 * whenever its props change, and the pending location would nest ever longer `next` values.
 */
function RedirectToLogin() {
  const router = useRouter();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void router.navigate({ to: "/login", search: { next: router.state.location.href }, replace: true });
  }, [router]);
  return <AuthenticatingSkeleton />;
}

/** Only a logged-in user sees `children`; anyone else is sent to /login. */
export function AccessGuard({ children }: { children: (user: SessionUser) => ReactNode }) {
  const session = useSession();
  if (session.status === "loading") return <AuthenticatingSkeleton />;
  if (session.status === "unauthenticated") return <RedirectToLogin />;
  return <>{children(session.user)}</>;
}

export const accessDeniedMessage = (role: string) =>
  `Access denied. Your role (${role}) lacks required permissions.`;

/**
 * Admin pages: an account whose role is below the page's sees 'Access Denied' instead (docs/product.md#access-guard).
 * The app's own links never lead there (decisions 067, 072); a typed or old address may, and the page offers a way
 * home.
 */
export function RoleGuard({
  user,
  requiredRole,
  children,
}: {
  user: SessionUser;
  requiredRole: Role;
  children: ReactNode;
}) {
  if (mayCall(user.role, requiredRole)) return <>{children}</>;
  return <AccessDenied role={user.role} />;
}

/** A way home from 'Access Denied' (decision 072): My page for everyone, and the dashboard for officers and admins. */
export const GO_TO_MY_PAGE = "Go to My page";

function AccessDenied({ role }: { role: Role }) {
  const navigate = useNavigate();
  useDocumentTitle((brand) => `Access Denied - ${brand}`);
  const onLogout = async () => {
    await logout();
    await navigate({ to: "/login" });
  };
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-3 px-4 py-16 text-center">
      <ShieldX className="size-12 text-danger" aria-hidden="true" />
      <h1 className="text-2xl font-bold text-ink">Access Denied</h1>
      <p className="text-ink-muted">{accessDeniedMessage(role)}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Link to="/me" className={buttonClass("primary")}>
          {GO_TO_MY_PAGE}
        </Link>
        {isStaff(role) ? (
          <Link to="/admin" className={buttonClass("secondary")}>
            Go to the Dashboard
          </Link>
        ) : null}
        <Link to="/" className={buttonClass("secondary")}>
          Back to the Public Portal
        </Link>
        <Button variant="secondary" onClick={onLogout}>
          <LogOut className="size-4" aria-hidden="true" />
          Log in as someone else
        </Button>
      </div>
    </main>
  );
}
