import type { ReactNode } from "react";

/**
 * A region that says it is busy (`label` for assistive technology) around the skeletons of what is loading. Apart
 * from skeleton.tsx, which the home page's first download carries, as this is only used behind it.
 */
export function LoadingRegion({
  label = "Loading",
  className = "space-y-2",
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={className}>
      {children}
    </div>
  );
}
