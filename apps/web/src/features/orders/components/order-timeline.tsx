import type { OrderTimelineEntry } from '@frameport/domain/contract';
import { Badge, Paper, Text, Title } from '@mantine/core';
import { formatOrderDateTime, statusColor } from '../order-display.ts';
import classes from './orders.module.css';

/**
 * Where the order has been, oldest first: a vertical list of status, date and time (India) and
 * the note (a hold's reason, a shipment's transporter and docket, a cancellation's reason).
 */
export function OrderTimeline({ entries }: { entries: readonly OrderTimelineEntry[] }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-timeline-heading">
      <Title order={3} fz="h4" id="order-timeline-heading" mb="sm">
        Order timeline
      </Title>
      <ol className={classes.timeline} aria-label="Order timeline">
        {entries.map((entry, index) => (
          <li key={`${entry.At}-${index}`} className={classes.timelineItem}>
            <div className={classes.timelineHead}>
              <Badge color={statusColor(entry.Status)} variant="filled" tt="none">
                {entry.Status}
              </Badge>
              <Text size="sm" c="dimmed" component="time" dateTime={entry.At} className="tabular">
                {formatOrderDateTime(entry.At)}
              </Text>
            </div>
            {entry.Note !== null && (
              <Text size="sm" mt={4} className={classes.wrap}>
                {entry.Note}
              </Text>
            )}
          </li>
        ))}
      </ol>
    </Paper>
  );
}
