/** Every route path of the web app, in one place (STYLE.md: no scattered string literals). */
export const paths = {
  home: '/',
  privacyPolicy: '/privacy-policy',
  app: '/app',
  dashboard: '/app/dashboard',
} as const;

export type PathKey = keyof typeof paths;
