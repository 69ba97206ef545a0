import { useNavigate } from "@tanstack/react-router";
import { myEarningsCopy } from "@web/data/lazy-data-layer.ts";
import { logout } from "@web/lib/signed-in.ts";

/** Logout from an account's own pages (My page, My earnings): a shared device keeps nobody's earnings after it. */
export function useMyLogout(userId: number): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await myEarningsCopy.forget(userId);
    await logout();
    await navigate({ to: "/" });
  };
}
