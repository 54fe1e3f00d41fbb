import { Badge } from '@mantine/core';
import { STATUS_COLOURS, trackerView } from '../../../machines/application';

/**
 * Mantine's badge cuts its label with an ellipsis and hides overflow, which also lets a squeezed table column
 * shrink it below its own words ('APPROV...'). A status is never cut: the label keeps its words whole and wraps
 * between them, so the badge is at least as wide as its longest word and as tall as its lines.
 */
const NEVER_CUT = {
  root: { overflow: 'visible', height: 'auto', minHeight: 'var(--badge-height)', whiteSpace: 'normal' },
  label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal', overflowWrap: 'normal' },
} as const;

/** An application status as a badge: the machine's words for this viewer, in the machine's colour (AA contrast). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const colour = STATUS_COLOURS[trackerView(status).colour];
  return (
    <Badge color={colour.hex} variant="filled" radius="sm" tt="none" styles={NEVER_CUT}>
      {label}
    </Badge>
  );
}
