/**
 * Shows `children` once the placeholder comes within a screen of the viewport, and keeps them: a chart's code (a
 * lazy chunk) is fetched only when someone scrolls to it, so no page's first download grows (decision 088).
 */
import { type ReactNode, useEffect, useRef, useState } from "react";

export function WhenVisible({
  children,
  minHeight,
  label,
}: {
  children: ReactNode;
  /** The placeholder's height, close to the chart's, so the page does not jump when it arrives. */
  minHeight: string;
  label: string;
}) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = placeholder.current;
    if (visible || !element) return;
    if (typeof IntersectionObserver === "undefined") return setVisible(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  if (visible) return <>{children}</>;
  return (
    <div
      ref={placeholder}
      style={{ minHeight }}
      className="rounded-2xl border border-line bg-surface"
      data-chart-placeholder
    >
      <span className="sr-only">{label}</span>
    </div>
  );
}
