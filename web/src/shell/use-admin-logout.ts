import { useNavigate } from "@tanstack/react-router";
import { dataLayerActions } from "../data/lazy-data-layer.ts";
import { logout } from "../lib/signed-in.ts";

/**
 * Logout from the admin area (sidebar and dashboard): ends the session, drops the admin-only caches from
 * this device (decision 011; queued writes stay and go out after the next login) and opens /public.
 */
export function useAdminLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await logout();
    try {
      await dataLayerActions.forgetPrivateData();
    } catch (error) {
      console.error("Could not clear the admin data from this device", error);
    }
    await navigate({ to: "/public" });
  };
}
