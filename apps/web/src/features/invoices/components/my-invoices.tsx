import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import { formatInr, rupeesToPaise, sumPaise } from '@frameport/domain';
import { messages } from '@frameport/domain/messages';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { Button, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { profileQueries } from '../../../lib/profile-queries.ts';
import { invoiceQueries, todayInIndia } from '../api.ts';
import { balanceOf, isOpen, payScope } from '../invoice-display.ts';
import { AccountStatement } from './account-statement.tsx';
import { InvoiceTable } from './invoice-table.tsx';
import classes from './my-invoices.module.css';
import { Notice } from './notice.tsx';
import { PayInvoices, usePayFlow } from './pay-invoices.tsx';
import { SummaryCard } from './summary-card.tsx';

type View = 'invoices' | 'statement';

const VIEWS: { value: View; label: string }[] = [
  { value: 'invoices', label: 'Invoices' },
  { value: 'statement', label: 'Account statement' },
];

/**
 * The My Invoices tab (spec sections 2, 4, 8): the acting retailer's invoices, paying one, several
 * or all of them, and their account statement. `email` is the retailer a sales executive acts for
 * (null: yourself); the calls name the retailer by the RetailerID of that profile.
 */
export function MyInvoices({ email }: { email: string | null }) {
  const profile = useQuery(profileQueries.detail(email));

  if (profile.isPending) return <InvoicesSkeleton />;
  if (profile.isError) {
    return (
      <Notice tone="error" role="alert" title={invoiceMessages.listLoadFailed}>
        <Text size="sm">{getErrorMessage(profile.error)}</Text>
        <Button mt="sm" size="xs" variant="default" onClick={() => void profile.refetch()} loading={profile.isFetching}>
          {messages.actions.retry}
        </Button>
      </Notice>
    );
  }
  const retailerId = profile.data.RetailerID;
  if (retailerId === null) {
    return <Notice tone="info" title="Invoices belong to a retailer">Choose a retailer with Switch User to see their invoices.</Notice>;
  }
  // A new retailer starts afresh: no choice, no payment in progress.
  return <InvoicesScreen key={retailerId} retailerId={retailerId} />;
}

function InvoicesScreen({ retailerId }: { retailerId: number }) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('invoices');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const report = useQuery(invoiceQueries.report(retailerId, todayInIndia()));

  const rows = report.data?.rows ?? [];
  // Oldest first, as payments are applied.
  const open = rows.filter(isOpen).reverse();
  const scope = payScope(open, selected);
  const flow = usePayFlow({ retailerId, scope });

  const toggle = (invoiceNo: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(invoiceNo);
      else next.delete(invoiceNo);
      return next;
    });

  const continueAfterPayment = () => {
    flow.reset();
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: invoiceQueries.all(retailerId) });
  };

  const payPanel = report.isSuccess && rows.length > 0 ? <PayInvoices flow={flow} scope={scope} onContinue={continueAfterPayment} /> : null;

  return (
    <Stack gap="md">
      <SegmentedControl
        value={view}
        onChange={(value) => setView(value === 'statement' ? 'statement' : 'invoices')}
        data={VIEWS}
        aria-label="Show"
        style={{ alignSelf: 'flex-start' }}
      />

      {view === 'statement' ? (
        <AccountStatement
          retailerId={retailerId}
          selected={selected}
          onToggle={toggle}
          selectionLocked={flow.locked}
          payPanel={payPanel}
        />
      ) : report.isPending ? (
        <InvoicesSkeleton />
      ) : report.isError && !report.data ? (
        <Notice tone="error" role="alert" title={invoiceMessages.listLoadFailed}>
          <Text size="sm">{getErrorMessage(report.error)}</Text>
          <Button mt="sm" size="xs" variant="default" onClick={() => void report.refetch()} loading={report.isFetching}>
            {messages.actions.retry}
          </Button>
        </Notice>
      ) : (
        <>
          {rows.length === 0 ? (
            <Notice tone="info" role="status">
              {report.data?.message || invoiceMessages.notFound}
            </Notice>
          ) : (
            <InvoiceSummary rows={rows} />
          )}
          <div className={classes.layout}>
            <InvoiceTable rows={rows} selected={selected} onToggle={toggle} selectionLocked={flow.locked} />
            {payPanel && <div className={classes.aside}>{payPanel}</div>}
          </div>
        </>
      )}
    </Stack>
  );
}

function InvoiceSummary({ rows }: { rows: { BalanceAmount: number; DaysOverdue: number }[] }) {
  const open = rows.filter(isOpen);
  const overdue = open.filter((row) => row.DaysOverdue > 0);
  const overduePaise = sumPaise(overdue.map((row) => rupeesToPaise(row.BalanceAmount)));
  return (
    <SimpleGrid cols={2} spacing="sm" maw={720}>
      <SummaryCard
        label={invoiceMessages.totalDue}
        value={formatInr(balanceOf(open))}
        note={`${open.length} open of ${rows.length} ${rows.length === 1 ? 'invoice' : 'invoices'}`}
      />
      <SummaryCard
        label={invoiceMessages.columns.overdue}
        value={formatInr(overduePaise)}
        alert={overduePaise > 0}
        note={overdue.length === 0 ? invoiceMessages.nothingOverdue : `${overdue.length} ${overdue.length === 1 ? 'invoice' : 'invoices'} past the due date`}
      />
    </SimpleGrid>
  );
}

function InvoicesSkeleton() {
  return (
    <Stack gap="sm" role="status" aria-busy="true">
      <VisuallyHidden>Loading your invoices…</VisuallyHidden>
      <SimpleGrid cols={2} spacing="sm" maw={720}>
        {Array.from({ length: 2 }, (_, index) => (
          <Skeleton key={index} height={76} radius="md" />
        ))}
      </SimpleGrid>
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} height={40} radius="sm" />
      ))}
    </Stack>
  );
}
