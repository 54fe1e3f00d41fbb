import { Button, Group } from '@mantine/core';
import type { PageMeta } from '../../contract/paging';

export interface PagerProps {
  /** Zero-based, as the API pages. */
  page: number;
  totalPages: number;
  isFirst: boolean;
  isLast: boolean;
  onPage: (page: number) => void;
  /** Names the paged list for screen readers ('Applications pages'). */
  label: string;
}

/** Page numbers around the current page; a long list shows a window of seven, not thousands of buttons. */
export function pageWindow(page: number, totalPages: number, width = 7): number[] {
  const start = Math.max(0, Math.min(page - Math.floor(width / 2), totalPages - width));
  return Array.from({ length: Math.min(width, totalPages) }, (_, i) => start + i);
}

/** Previous / page numbers / Next, shown one-based; hidden when there is only one page. */
export function Pager({ page, totalPages, isFirst, isLast, onPage, label }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} gap={6} wrap="wrap">
      <Button size="xs" variant="default" disabled={isFirst} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      {pageWindow(page, totalPages).map((n) => (
        <Button
          key={n}
          size="xs"
          variant={n === page ? 'filled' : 'default'}
          aria-current={n === page ? 'page' : undefined}
          aria-label={`Page ${n + 1}`}
          onClick={() => onPage(n)}
        >
          {n + 1}
        </Button>
      ))}
      <Button size="xs" variant="default" disabled={isLast} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </Group>
  );
}

export interface PageMetaPagerProps {
  /** The API's paging fields of the page shown (contract/paging.ts). */
  meta: PageMeta;
  onPage: (page: number) => void;
  label: string;
}

/** The Pager of a page the API answered: its page number, count and first/last flags as they came. */
export function PageMetaPager({ meta, onPage, label }: PageMetaPagerProps) {
  return (
    <Pager
      label={label}
      page={meta.pageNumber}
      totalPages={meta.totalPages}
      isFirst={meta.iscurrentPageFirst}
      isLast={meta.iscurrentPageLast}
      onPage={onPage}
    />
  );
}
