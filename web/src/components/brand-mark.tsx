/** The guild shield from the app icon, drawn inline so it scales and inherits no network request. */
export function BrandMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 512 512" className={className} aria-hidden="true" focusable="false">
      <rect width="512" height="512" rx="112" fill="#1b2233" />
      <path
        d="M256 56 L420 112 C420 270 372 380 256 456 C140 380 92 270 92 112 Z"
        fill="#161c2b"
        stroke="#e9b949"
        strokeWidth="30"
        strokeLinejoin="round"
      />
      <path d="M256 132 L276 168 L276 330 L256 356 L236 330 L236 168 Z" fill="#e9b949" />
      <rect x="192" y="324" width="128" height="22" rx="11" fill="#e9b949" />
      <rect x="246" y="346" width="20" height="48" rx="6" fill="#c8922e" />
    </svg>
  );
}
