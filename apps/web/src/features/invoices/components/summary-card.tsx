import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './my-invoices.module.css';

type SummaryCardProps = {
  label: string;
  value: string;
  note?: ReactNode;
  /** Drawn in red (overdue money); the label still says what it is. */
  alert?: boolean;
};

/** One figure of the invoice summary or the statement (label above, amount below). */
export function SummaryCard({ label, value, note, alert = false }: SummaryCardProps) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={alert ? `${classes.card} ${classes.overdue}` : classes.card}
      role="group"
      aria-label={label}
    >
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text component="p" className={`${classes.cardValue} tabular`}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}
