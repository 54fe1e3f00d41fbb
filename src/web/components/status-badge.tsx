import { Badge } from '@mantine/core';
import { STATUS_COLOURS, trackerView } from '../../../machines/application';

/** An application status as a badge: the machine's words for this viewer, in the machine's colour (AA contrast). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const colour = STATUS_COLOURS[trackerView(status).colour];
  return (
    <Badge
      color={colour.hex}
      variant="filled"
      radius="sm"
      tt="none"
      style={{ whiteSpace: 'normal', height: 'auto' }}
    >
      {label}
    </Badge>
  );
}
