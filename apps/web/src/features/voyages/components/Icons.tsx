/* Inline icons: emoji and symbol glyphs are missing from some system fonts. */
export function SailboatIcon({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M11 3v13H4z" fill="currentColor" fillOpacity="0.18" />
      <path d="M13 6c3 2.5 4.5 6 4.5 10H13z" fill="currentColor" fillOpacity="0.35" />
      <path d="M3 18.5h18l-2 2.5H5z" />
    </svg>
  );
}

export function CrosshairIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="7" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <path d="M12 1v4M12 19v4M1 12h4M19 12h4" />
    </svg>
  );
}
