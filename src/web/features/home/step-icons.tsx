/** Small line drawings for the tutorial steps, inline so they cost no request; decorative (the text says it all). */
const ICONS = {
  idCard: 'M4 7h24v18H4z M8 12h6v6H8z M17 12h7 M17 16h7 M8 21h16',
  phone: 'M11 4h10v24H11z M14 24h4 M13 9h6 M13 13h6',
  form: 'M8 4h12l5 5v19H8z M20 4v5h5 M11 14h11 M11 18h11 M11 22h7',
  house: 'M5 15 16 6l11 9 M8 13v14h16V13 M13 27v-7h6v7',
  check: 'M16 3a13 13 0 1 0 0.01 0z M10 16l4 4 8-8',
} as const;

export type StepIconName = keyof typeof ICONS;

export function StepIcon({ name, size = 40 }: { name: StepIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      style={{ flexShrink: 0 }}
    >
      <rect x="0" y="0" width="32" height="32" rx="8" fill="#e7f0fa" />
      <path
        d={ICONS[name]}
        fill="none"
        stroke="#184e8f"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
