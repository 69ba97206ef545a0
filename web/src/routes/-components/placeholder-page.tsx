import { Construction } from "lucide-react";
import { Card } from "@web/components/card.tsx";
import { PageHeader } from "@web/components/page-header.tsx";
import { useDocumentTitle } from "@web/shell/use-document-title.ts";

/** A page whose screen is not built yet: its title and subtitle, and a calm note. */
export function PlaceholderPage({
  title,
  subtitle,
  documentTitle,
}: {
  title: string;
  subtitle?: string;
  documentTitle: (brand: string) => string;
}) {
  useDocumentTitle(documentTitle);
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Card className="flex items-center gap-3 text-ink-muted">
        <Construction className="size-5 shrink-0 text-gold" aria-hidden="true" />
        <p>This page is being prepared and will show the guild's data soon.</p>
      </Card>
    </>
  );
}
