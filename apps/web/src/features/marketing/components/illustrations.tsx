/**
 * Small inline illustrations: no image request, nothing to download at run time. Each is an
 * image with a text alternative (role="img" + aria-label).
 */

export function FramesIllustration({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 320 200" width="320" height="200" role="img" aria-label={label}>
      <rect x="10" y="20" width="300" height="160" rx="24" fill="rgba(255,255,255,0.08)" />
      <g fill="none" stroke="#ffffff" strokeWidth="8" strokeLinecap="round">
        <rect x="48" y="72" width="96" height="68" rx="30" />
        <rect x="176" y="72" width="96" height="68" rx="30" />
        <path d="M144 92c10-10 22-10 32 0" />
        <path d="M48 86 22 74M272 86l26-12" />
      </g>
      <g fill="#a7c2e1" opacity="0.55">
        <rect x="56" y="80" width="80" height="52" rx="24" />
        <rect x="184" y="80" width="80" height="52" rx="24" />
      </g>
      <path d="M66 92l18-8M194 92l18-8" stroke="#ffffff" strokeWidth="5" strokeLinecap="round" opacity="0.8" />
    </svg>
  );
}

export function MapIllustration({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 320 200" width="320" height="200" role="img" aria-label={label}>
      <rect width="320" height="200" rx="16" fill="#eaf1f9" />
      <g stroke="#ffffff" strokeWidth="10" fill="none">
        <path d="M0 140 320 110M90 0l40 200M210 0l-30 200M0 50l320 30" />
      </g>
      <path d="M20 180c60-30 90-10 140-40s90-10 140-60" stroke="#a7c2e1" strokeWidth="6" fill="none" />
      <path d="M160 58c-17 0-30 13-30 30 0 24 30 52 30 52s30-28 30-52c0-17-13-30-30-30z" fill="#14467c" />
      <circle cx="160" cy="88" r="11" fill="#ffffff" />
    </svg>
  );
}
