/** A form's boss choice: a native select of boss names after an empty 'Select a boss'. */
import type { SelectHTMLAttributes } from "react";
import { inputClass } from "./filter-select.tsx";

export function BossSelect({
  bosses,
  onChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "className"> & {
  bosses: readonly string[];
  value: string;
  onChange: (name: string) => void;
}) {
  return (
    <select {...props} className={inputClass} onChange={(e) => onChange(e.target.value)}>
      <option value="">Select a boss</option>
      {bosses.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}
