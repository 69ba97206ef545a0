/** A search field with the magnifier inside it, as the house's inputs look; its label is the caller's. */
import { Search } from "lucide-react";
import type { InputHTMLAttributes } from "react";
import { inputClass } from "./filter-select.tsx";

export function SearchInput({ className = "", ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <span className={`relative block ${className}`}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
        aria-hidden="true"
      />
      <input type="search" autoComplete="off" {...props} className={`${inputClass} pl-9`} />
    </span>
  );
}
