/**
 * /me/claim (decision 071): a signed-in account claims its character (ClaimCharacterPanel). Visitors who are not
 * signed in are sent to the login page.
 */
import { PageHeader } from "@web/components/page-header.tsx";
import { ClaimCharacterPanel } from "@web/features/claims/claim-character-panel.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { AccessGuard } from "@web/shell/access-guard.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

export function MyClaimPage() {
  useDocumentTitle((brand) => `Claim your character - ${brand}`);
  const online = useOnline();
  return (
    <AccessGuard>
      {(user) => (
        <div className="mx-auto max-w-2xl">
          <PageHeader
            title="Claim your character"
            subtitle="Tell the guild which character is yours; an officer approves it."
          />
          <ClaimCharacterPanel key={user.id} userId={user.id} online={online} />
        </div>
      )}
    </AccessGuard>
  );
}
