import type { ImportStatus } from '@frameport/domain';
import { Badge } from '@mantine/core';
import { STATUS_COLOURS, STATUS_LABELS } from '../texts.ts';

/** An import job's status in words on a coloured badge (colour is never the only signal). */
export function JobStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="filled" radius="sm" size="sm" tt="none">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
