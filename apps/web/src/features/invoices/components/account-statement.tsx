import type { AccountStatement as Statement, InvoiceRow } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { Badge, Button, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { defaultStatementRange, invoiceQueries, todayInIndia, type DateRange } from '../api.ts';
import { formatInvoiceDate, inr, OVERDUE_TEXT } from '../invoice-display.ts';
import tableClasses from './invoice-table.module.css';
import classes from './my-invoices.module.css';
import { SelectToPay, useScrollAreaProps } from './invoice-table.tsx';
import { Notice } from './notice.tsx';
import { SummaryCard } from './summary-card.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const SANDBOX_PAYMENT_TEXT = 'Paid in the payment sandbox: no money moved';

/** Why a period cannot be shown, or null when it can. */
function rangeProblem(range: DateRange, today: string): string | null {
  if (!ISO_DATE.test(range.from) || !ISO_DATE.test(range.to)) return invoiceMessages.chooseDates;
  if (range.from > range.to) return invoiceMessages.startAfterEnd;
  if (range.to > today) return invoiceMessages.endAfterToday;
  return null;
}

type AccountStatementProps = {
  retailerId: number;
  selected: ReadonlySet<string>;
  onToggle: (invoiceNo: string, checked: boolean) => void;
  selectionLocked: boolean;
  /** The shared pay panel, placed beside the open invoices. */
  payPanel: ReactNode;
};

/**
 * The account statement (ours, beyond the spec): what is outstanding, overdue, not yet due and in
 * credit; the open invoices oldest first to pay one or several; and the invoices and payments of a
 * period (default the last 90 days) with the running balance between an opening and a closing row.
 */
export function AccountStatement({ retailerId, selected, onToggle, selectionLocked, payPanel }: AccountStatementProps) {
  const [initial] = useState(() => defaultStatementRange());
  const [draft, setDraft] = useState<DateRange>(initial);
  const [applied, setApplied] = useState<DateRange>(initial);
  const today = todayInIndia();
  const problem = rangeProblem(draft, today);
  const statement = useQuery(invoiceQueries.statement(retailerId, applied));
  const ids = { open: useId(), statement: useId(), problem: useId() };

  const changeRange = (next: DateRange) => {
    setDraft(next);
    if (rangeProblem(next, today) === null) setApplied(next);
  };

  if (statement.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true">
        <VisuallyHidden>Loading your account statement…</VisuallyHidden>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={76} radius="md" />
          ))}
        </SimpleGrid>
        <Skeleton height={220} radius="md" />
      </Stack>
    );
  }
  if (statement.isError && !statement.data) {
    return (
      <Notice tone="error" role="alert" title={invoiceMessages.statementLoadFailed}>
        <Text size="sm">{getErrorMessage(statement.error)}</Text>
        <Button mt="sm" size="xs" variant="default" onClick={() => void statement.refetch()} loading={statement.isFetching}>
          {messages.actions.retry}
        </Button>
      </Notice>
    );
  }

  const data = statement.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <SummaryCard label="Total outstanding" value={inr(data.TotalOutstanding)} note={`${data.OpenInvoices.length} open ${data.OpenInvoices.length === 1 ? 'invoice' : 'invoices'}`} />
        <SummaryCard label={invoiceMessages.columns.overdue} value={inr(data.Overdue)} alert={data.Overdue > 0} note={data.Overdue > 0 ? 'Past the due date' : invoiceMessages.nothingOverdue} />
        <SummaryCard label={invoiceMessages.columns.notYetDue} value={inr(data.NotYetDue)} note={`Credit period ${data.CreditDays} days`} />
        <SummaryCard label="Credit" value={inr(data.Credit)} note="Received, not yet applied" />
      </SimpleGrid>

      <div className={classes.layout}>
        <Stack gap="xs" component="section" aria-labelledby={ids.open}>
          <Title order={2} fz="h4" id={ids.open}>
            Open invoices
          </Title>
          <Text size="sm" c="dimmed">
            Oldest first. Tick the invoices to pay, or pay towards all of them.
          </Text>
          <OpenInvoices rows={data.OpenInvoices} selected={selected} onToggle={onToggle} selectionLocked={selectionLocked} />
        </Stack>
        <div className={classes.aside}>{payPanel}</div>
      </div>

      <Stack gap="xs" component="section" aria-labelledby={ids.statement}>
        <Title order={2} fz="h4" id={ids.statement}>
          Statement of account
        </Title>
        <div className={classes.range}>
          <TextInput
            type="date"
            label="From"
            className={classes.dateInput}
            value={draft.from}
            max={today}
            onChange={(event) => changeRange({ ...draft, from: event.currentTarget.value })}
            error={problem !== null}
            aria-describedby={problem !== null ? ids.problem : undefined}
          />
          <TextInput
            type="date"
            label="To"
            className={classes.dateInput}
            value={draft.to}
            max={today}
            onChange={(event) => changeRange({ ...draft, to: event.currentTarget.value })}
            error={problem !== null}
            aria-describedby={problem !== null ? ids.problem : undefined}
          />
        </div>
        {problem !== null && (
          <Text id={ids.problem} size="sm" c="var(--mantine-color-error)" role="alert">
            {problem}
          </Text>
        )}
        <StatementEntries statement={data} busy={statement.isPlaceholderData} />
      </Stack>
    </Stack>
  );
}

type OpenInvoicesProps = {
  rows: InvoiceRow[];
  selected: ReadonlySet<string>;
  onToggle: (invoiceNo: string, checked: boolean) => void;
  selectionLocked: boolean;
};

function OpenInvoices({ rows, selected, onToggle, selectionLocked }: OpenInvoicesProps) {
  return (
    <div className={tableClasses.scroll} {...useScrollAreaProps('Open invoices (scrolls)')}>
      <Table className={tableClasses.table} aria-label="Open invoices" stickyHeader verticalSpacing="xs" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={tableClasses.select}>
              <VisuallyHidden>{invoiceMessages.columns.pay}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{invoiceMessages.columns.number}</Table.Th>
            <Table.Th>{invoiceMessages.columns.date}</Table.Th>
            <Table.Th>{invoiceMessages.columns.dueDate}</Table.Th>
            <Table.Th>{invoiceMessages.columns.overdue}</Table.Th>
            <Table.Th ta="right">{invoiceMessages.columns.balance}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6} className={tableClasses.empty}>
                {invoiceMessages.nothingOpen}
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.InvoiceID} aria-label={`Open invoice ${row.InvoiceNo}`}>
                <Table.Td className={tableClasses.select}>
                  <SelectToPay invoiceNo={row.InvoiceNo} checked={selected.has(row.InvoiceNo)} disabled={selectionLocked} onToggle={onToggle} />
                </Table.Td>
                <Table.Td className={tableClasses.number}>{row.InvoiceNo}</Table.Td>
                <Table.Td data-label={invoiceMessages.columns.date}>{formatInvoiceDate(row.InvoiceDate)}</Table.Td>
                <Table.Td data-label={invoiceMessages.columns.dueDate}>{formatInvoiceDate(row.DueDate)}</Table.Td>
                <Table.Td data-label={invoiceMessages.columns.overdue}>
                  {row.DaysOverdue > 0 ? (
                    <Text component="span" size="sm" fw={600} c={OVERDUE_TEXT}>
                      {row.DaysOverdue} {row.DaysOverdue === 1 ? 'day' : 'days'}
                    </Text>
                  ) : (
                    invoiceMessages.columns.notYetDue
                  )}
                </Table.Td>
                <Table.Td data-label={invoiceMessages.columns.balance} className={tableClasses.money} fw={600}>
                  {inr(row.BalanceAmount)}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function StatementEntries({ statement, busy }: { statement: Statement; busy: boolean }) {
  return (
    <div className={tableClasses.scroll} {...useScrollAreaProps('Statement entries (scrolls)')}>
      <Table className={tableClasses.table} aria-label="Statement of account" aria-busy={busy} stickyHeader verticalSpacing="xs" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th ta="right">Debit</Table.Th>
            <Table.Th ta="right">Credit</Table.Th>
            <Table.Th ta="right">{invoiceMessages.columns.balance}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr className={classes.balanceRow} aria-label="Opening balance">
            <Table.Td data-label="Date">{formatInvoiceDate(statement.FromDate)}</Table.Td>
            <Table.Td className={tableClasses.number} colSpan={4}>
              Opening balance
            </Table.Td>
            <Table.Td data-label={invoiceMessages.columns.balance} className={tableClasses.money}>
              {inr(statement.OpeningBalance)}
            </Table.Td>
          </Table.Tr>
          {statement.Entries.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6} className={tableClasses.empty}>
                {invoiceMessages.noEntries}
              </Table.Td>
            </Table.Tr>
          ) : (
            statement.Entries.map((entry, index) => (
              <Table.Tr key={`${entry.Kind}-${entry.Reference}-${index}`} aria-label={`${entry.Kind} ${entry.Reference}`}>
                <Table.Td data-label="Date">{formatInvoiceDate(entry.Date)}</Table.Td>
                <Table.Td className={tableClasses.status}>
                  <Badge variant="outline" color={entry.Kind === 'Invoice' ? 'frameport.7' : '#1e6b31'} radius="sm" size="md" tt="none" title={entry.Kind === 'TDS' ? 'Tax you deducted at source (section 194Q), recorded against the invoice' : undefined}>
                    {entry.Kind === 'TDS' ? 'TDS 194Q' : entry.Kind}
                  </Badge>
                  {entry.Sandbox && (
                    // Paid in the payment sandbox: the invoices count it as paid, but no money came in.
                    <Badge variant="filled" color="#fff3bf" c="#4a3500" radius="sm" size="md" tt="none" ml={6} title={SANDBOX_PAYMENT_TEXT}>
                      Sandbox
                      <VisuallyHidden>, no money moved</VisuallyHidden>
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td className={tableClasses.number}>{entry.Reference}</Table.Td>
                <Table.Td data-label="Debit" className={tableClasses.money}>
                  {entry.Debit > 0 ? inr(entry.Debit) : '—'}
                </Table.Td>
                <Table.Td data-label="Credit" className={tableClasses.money}>
                  {entry.Credit > 0 ? inr(entry.Credit) : '—'}
                </Table.Td>
                <Table.Td data-label={invoiceMessages.columns.balance} className={tableClasses.money}>
                  {inr(entry.Balance)}
                </Table.Td>
              </Table.Tr>
            ))
          )}
          <Table.Tr className={classes.balanceRow} aria-label="Closing balance">
            <Table.Td data-label="Date">{formatInvoiceDate(statement.ToDate)}</Table.Td>
            <Table.Td className={tableClasses.number} colSpan={4}>
              Closing balance
            </Table.Td>
            <Table.Td data-label={invoiceMessages.columns.balance} className={tableClasses.money}>
              {inr(statement.ClosingBalance)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </div>
  );
}
