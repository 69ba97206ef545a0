/**
 * A search field with the magnifier inside it, as the house's inputs look. Its label is the caller's, or with
 * `hiddenLabel` one read to screen readers only (where the placeholder says the same on screen).
 */
import { Search } from "lucide-react";
import { type InputHTMLAttributes, useId } from "react";
import { inputClass } from "./filter-select.tsx";

export function SearchInput({
  className = "",
  hiddenLabel,
  id,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { hiddenLabel?: string }) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <>
      {hiddenLabel ? (
        <label htmlFor={inputId} className="sr-only">
          {hiddenLabel}
        </label>
      ) : null}
      <span className={`relative block ${className}`}>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
          aria-hidden="true"
        />
        <input type="search" autoComplete="off" id={inputId} {...props} className={`${inputClass} pl-9`} />
      </span>
    </>
  );
}
