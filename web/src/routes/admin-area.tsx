import { loadToasts } from "../lib/toast.tsx";
import { AccessGuard, RoleGuard } from "../shell/access-guard.tsx";
import { AdminLayout } from "../shell/admin-layout.tsx";

/** Every admin page sits behind both guards: logged in, and with the admin role. */
export function AdminArea() {
  return (
    <AccessGuard>
      {(user) => (
        <RoleGuard user={user} requiredRole="admin">
          <AdminLayout user={user} />
        </RoleGuard>
      )}
    </AccessGuard>
  );
}

// Admin pages toast after most writes: fetch sonner with the admin area rather than on the first toast.
void loadToasts();
