import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import classes from './public-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Frame of every page outside the staff shell: skip link, header, the page, footer. */
export function PublicLayout({
  children,
  headerActions,
}: {
  children: ReactNode;
  headerActions?: ReactNode;
}) {
  return (
    <div className={classes.page}>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        Skip to main content
      </a>
      <PublicHeader actions={headerActions} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      <PublicFooter />
    </div>
  );
}
