/** A placeholder block while content loads; hidden from assistive technology (the region says it is busy). */
export function Skeleton({ className = "" }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`motion-safe:animate-shimmer rounded-md bg-surface-raised ${className}`}
    />
  );
}
