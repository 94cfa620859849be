import { deskMessages, formatInr, rupeesToPaise } from '@frameport/domain';
import type { RetailerCreditPosition } from '@frameport/domain/contract';
import { Group, Paper, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { creditQuery } from '../api.ts';
import classes from './cart.module.css';

const texts = deskMessages.salesCredit;
/** Dark amber text on white (6.8:1) and its border: the warning look, always with words. */
const WARNING = '#8a4b00';
const inr = (rupees: number) => formatInr(rupeesToPaise(rupees));

/** What a sales executive should know before placing: only the warnings that apply. */
export function creditWarnings(credit: RetailerCreditPosition, orderTotal: number): string[] {
  const warnings: string[] = [];
  if (credit.CreditHold) warnings.push(texts.onHold(credit.CreditHoldReason));
  const short = rupeesToPaise(orderTotal) - rupeesToPaise(credit.Available);
  if (short > 0) warnings.push(texts.overLimit(short));
  if (credit.OldestOverdueDays > 0) warnings.push(texts.overdueWarning);
  return warnings;
}

function Row({ label, value, warn = false }: { label: string; value: string; warn?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={600} component="dd" m={0} className="tabular" c={warn ? WARNING : undefined}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The acting retailer's credit above Place order, for a sales executive (or admin) ordering for
 * them: available credit, outstanding, overdue with the oldest overdue invoice, a credit hold with
 * its reason. Amber border and words when the order is more than the available credit, something
 * is overdue or the retailer is on hold; never blocks placing (the desk decides).
 */
export function CreditPanel({ email, orderTotal }: { email: string; orderTotal: number }) {
  const credit = useQuery(creditQuery(email));

  if (credit.isPending) {
    return (
      <Paper withBorder radius="md" p="sm" role="status" aria-busy="true">
        <VisuallyHidden>Loading the retailer's credit…</VisuallyHidden>
        <Skeleton height={16} width={160} mb="xs" />
        <Skeleton height={14} mb={6} />
        <Skeleton height={14} mb={6} />
        <Skeleton height={14} />
      </Paper>
    );
  }
  if (credit.isError) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {texts.loadFailed}
      </Text>
    );
  }

  const c = credit.data;
  const warnings = creditWarnings(c, orderTotal);
  const warn = warnings.length > 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby="credit-panel-heading"
      className={classes.credit}
      data-warning={warn || undefined}
    >
      <Title order={2} fz="h5" id="credit-panel-heading" mb="xs">
        {texts.title}
      </Title>
      <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
        <Row label="Available credit" value={inr(c.Available)} warn={rupeesToPaise(orderTotal) > rupeesToPaise(c.Available)} />
        <Row label="Outstanding" value={inr(c.Outstanding)} />
        <Row label="Overdue" value={inr(c.Overdue)} warn={c.OldestOverdueDays > 0} />
      </dl>
      {c.OldestOverdueDays > 0 && (
        <Text size="sm" fw={600} c={WARNING} mt={4} className="tabular">
          {texts.oldestOverdue(c.OldestOverdueDays, c.OldestOverdueInvoiceNo)}
        </Text>
      )}
      {warn ? (
        <ul className={classes.creditWarnings} aria-label="Credit warnings">
          {warnings.map((warning) => (
            <li key={warning}>
              <IconAlertTriangle size={16} aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
              <Text size="sm" c={WARNING} fw={600} span>
                {warning}
              </Text>
            </li>
          ))}
        </ul>
      ) : (
        <Group gap={6} mt="xs" wrap="nowrap">
          <IconCircleCheck size={16} aria-hidden="true" color="#1e6b31" style={{ flex: 'none' }} />
          <Text size="sm">{texts.clear}</Text>
        </Group>
      )}
    </Paper>
  );
}
