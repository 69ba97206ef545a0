import { Link } from "@tanstack/react-router";
import { Compass } from "lucide-react";
import { buttonClass } from "../components/button.tsx";
import { PublicLayout } from "../shell/public-layout.tsx";
import { useDocumentTitle } from "../shell/use-document-title.ts";

export function NotFoundPage() {
  useDocumentTitle((brand) => `Page Not Found - ${brand}`);
  return (
    <PublicLayout>
      <section className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
        <Compass className="mb-4 size-14 text-gold" aria-hidden="true" />
        <p className="text-sm font-semibold tracking-widest text-gold">404</p>
        <h1 className="mt-2 text-3xl font-bold text-ink">Page Not Found</h1>
        <p className="mt-3 text-ink-muted">The page you are looking for does not exist.</p>
        <Link to="/" className={buttonClass("primary", "md", "mt-8")}>
          Back to Home
        </Link>
      </section>
    </PublicLayout>
  );
}
