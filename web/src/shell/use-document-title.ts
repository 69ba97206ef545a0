import { useEffect } from "react";
import { useBrand } from "./brand-store.ts";

/** Sets the tab title; `format` receives the brand, so titles follow it once the config loads. */
export function useDocumentTitle(format: (brand: string) => string): void {
  const brand = useBrand();
  const title = format(brand);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
