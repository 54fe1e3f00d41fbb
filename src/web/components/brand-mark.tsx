/**
 * The portal's mark: a shield with a house and a check, drawn inline so it costs no request and no image
 * policy exception. Decorative next to the written title, so hidden from screen readers by default.
 */
export function BrandMark({ size = 44, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <path d="M24 3 6 9v13c0 11.2 7.6 20.3 18 23 10.4-2.7 18-11.8 18-23V9L24 3z" fill="#184e8f" />
      <path d="M24 7.3 10 12v10c0 9 5.9 16.5 14 19 8.1-2.5 14-10 14-19V12L24 7.3z" fill="#ffffff" />
      <path d="M24 13 14 21.5h3V32h14V21.5h3L24 13z" fill="#1d5ca8" />
      <path
        d="m19.5 26.2 3.2 3.2 6-6"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
