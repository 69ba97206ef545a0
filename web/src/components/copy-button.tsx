/** Copies a text to the clipboard; the label turns to 'Copied!' for 2 seconds (docs/product.md#sql-export). */
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@web/components/button.tsx";
import { toast } from "@web/lib/toast.tsx";

export const COPY_CONFIRMATION_MS = 2000;

export function CopyButton({
  text,
  label = "Copy",
  ariaLabel,
  variant = "secondary",
}: {
  text: string;
  label?: string;
  ariaLabel?: string;
  variant?: "primary" | "secondary";
}) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopiedAt(Date.now());
    } catch {
      toast.error("Could not copy to the clipboard", {
        description: "Select the text and copy it by hand.",
      });
    }
  }

  const copied = copiedAt !== null;
  return (
    <Button variant={variant} onClick={copy} aria-label={ariaLabel} aria-live="polite">
      {copied ? (
        <Check className="size-4 text-success" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      {copied ? "Copied!" : label}
    </Button>
  );
}
