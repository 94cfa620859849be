import { Button, Group, Skeleton, Stack, Table, UnstyledButton } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { saveFile } from '../../order/order-display.ts';
import type { ReportFileFormat } from '../api.ts';
import classes from './reports.module.css';

/** Export buttons of a report: each fetches its file with the token and saves it; a failure says why. */
export function ExportButtons({ fetchFile, fileStem, what }: { fetchFile: (format: ReportFileFormat) => Promise<Blob>; fileStem: string; what: string }) {
  const [busy, setBusy] = useState<ReportFileFormat | null>(null);
  const download = async (format: ReportFileFormat) => {
    setBusy(format);
    try {
      saveFile(await fetchFile(format), `${fileStem}.${format}`);
    } catch (error) {
      notifyError(getErrorMessage(error), `The ${what} could not be downloaded`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" className={classes.exports}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          className={classes.thumbButton}
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void download(format)}
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

export function TableSkeleton({ label }: { label: string }) {
  return (
    <Stack gap={6} aria-busy="true" aria-label={label}>
      {[0, 1, 2, 3, 4].map((row) => (
        <Skeleton key={row} height={34} />
      ))}
    </Stack>
  );
}

export type SortDirection = 'ascending' | 'descending';

/** A sortable column heading: a button that says which way it sorts; the heading carries aria-sort. */
export function SortableTh({
  label,
  active,
  direction,
  onSort,
  numeric = false,
}: {
  label: ReactNode;
  active: boolean;
  direction: SortDirection;
  onSort: () => void;
  numeric?: boolean;
}) {
  return (
    <Table.Th aria-sort={active ? direction : 'none'} ta={numeric ? 'right' : 'left'}>
      <UnstyledButton className={classes.sort} onClick={onSort} data-active={active || undefined}>
        {label}
        <span aria-hidden="true" className={classes.arrow}>
          {active ? (direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </UnstyledButton>
    </Table.Th>
  );
}
