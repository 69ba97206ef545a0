/** /admin/claims (decision 071): the officers approve or reject the characters raiders claimed. */
import { PageHeader } from "@web/components/page-header.tsx";
import { CLAIM_TEXTS } from "@web/features/claims/claim-texts.ts";
import { ClaimsApprovals } from "@web/features/claims/claims-approvals.tsx";
import { useOnline } from "@web/features/sync-status/use-online.ts";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

export function CharacterClaimsPage() {
  useDocumentTitle((brand) => `Character claims - ${brand}`);
  const online = useOnline();
  return (
    <>
      <PageHeader title={CLAIM_TEXTS.pageTitle} subtitle={CLAIM_TEXTS.pageSubtitle} />
      <ClaimsApprovals online={online} />
    </>
  );
}
