import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className = "", ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={`rounded-2xl border border-line bg-surface p-5 shadow-lg shadow-black/20 ${className}`}
      {...props}
    />
  );
}

export function CardTitle({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <h2 className="flex items-center gap-2 text-base font-semibold text-ink">
      {icon ? <span className="text-gold">{icon}</span> : null}
      {children}
    </h2>
  );
}
