import { useLocation } from "@tanstack/react-router";
import { loadToasts } from "../lib/toast.tsx";
import { AccessGuard, RoleGuard } from "../shell/access-guard.tsx";
import { AdminLayout } from "../shell/admin-layout.tsx";
import { adminPageRole } from "../shell/admin-nav-links.ts";

/**
 * Every admin page sits behind both guards: logged in, and with the page's role (decision 067): officers open the
 * raid-night pages and the books, admins every page.
 */
export function AdminArea() {
  const requiredRole = adminPageRole(useLocation({ select: (location) => location.pathname }));
  return (
    <AccessGuard>
      {(user) => (
        <RoleGuard user={user} requiredRole={requiredRole}>
          <AdminLayout user={user} />
        </RoleGuard>
      )}
    </AccessGuard>
  );
}

// Admin pages toast after most writes: fetch sonner with the admin area rather than on the first toast.
void loadToasts();
