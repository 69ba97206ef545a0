import { AccessGuard, RoleGuard } from "../features/auth/access-guard.tsx";
import { AdminLayout } from "../features/layout/admin-layout.tsx";

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
