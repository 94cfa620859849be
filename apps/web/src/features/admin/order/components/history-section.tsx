import type { AdminOrderDetail } from '@frameport/domain/contract';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { auditDetailRows, formatDateTime, whoText } from '../order-display.ts';
import classes from './admin-order.module.css';

/** The status history (oldest first) and the audit trail with each change's before and after. */
export function HistorySection({ order }: { order: AdminOrderDetail }) {
  const lineLabels = new Map(order.lines.map((line) => [line.id, `${line.productCode} ${line.colorVariant}`]));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="timeline-heading">
        <Title order={2} fz="md" id="timeline-heading" mb="xs">
          Timeline
        </Title>
        {order.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            No status changes yet.
          </Text>
        ) : (
          <ol className={classes.timeline}>
            {order.history.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                <Text size="sm" fw={600}>
                  {entry.status}
                </Text>
                {entry.note !== null && <Text size="sm">{entry.note}</Text>}
                <Text size="xs" c="dimmed">
                  {whoText(entry.by)}, {formatDateTime(entry.at)}
                </Text>
              </li>
            ))}
          </ol>
        )}
      </Paper>
      <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="audit-heading">
        <Title order={2} fz="md" id="audit-heading" mb="xs">
          Audit
        </Title>
        {order.audit.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing recorded yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ol" className={classes.audit}>
            {order.audit.map((entry) => {
              const rows = auditDetailRows(entry.details, lineLabels);
              return (
                <li key={entry.id}>
                  <Text size="sm" fw={600}>
                    {entry.action}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {whoText(entry.by)}, {formatDateTime(entry.at)}
                  </Text>
                  {rows.length > 0 && (
                    <ul className={classes.auditDetails}>
                      {rows.map((row, index) => (
                        <li key={index}>{row}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </Stack>
        )}
      </Paper>
    </SimpleGrid>
  );
}
