/**
 * Where a login lands (decision 072): back to the page that sent the visitor to log in (`next`) when it is a path of
 * ours that the account's role may open, else the account's home (My page for a raider, the dashboard for staff).
 */
import { landingPath } from "@shared/auth/safe-next.ts";
import type { AccountRole } from "@shared/contract/roles.ts";
import { mayOpenPath } from "@web/shell/admin-nav-links.ts";

export const loginLanding = (next: unknown, role: AccountRole): string =>
  landingPath(next, role, mayOpenPath);
