import '@mantine/core/styles/Table.css';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS, formatInr } from '@frameport/domain';
import type { ReceivableInvoice } from '@frameport/domain/contract/admin-reports';
import { Alert, Anchor, Badge, Button, Group, NumberInput, Skeleton, Stack, Table, Text, TextInput, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { AppModal } from '../../../../components/app-modal.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { fetchFile, getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { pdfFileName, saveFile } from '../../../../lib/save-file.ts';
import { newIdempotencyKey } from '../../api.ts';
import { inr } from '../../admin-display.ts';
import desk from '../../components/desk-table.module.css';
import { formatDateTime, formatDay } from '../../order/order-display.ts';
import { useStaffRole } from '../../staff-role.ts';
import { receivablesQueries, useRecordTds, useSendReminder } from '../receivables-api.ts';

/**
 * /admin/receivables/:retailerId (admin, accounts): a retailer's open invoices, aged, with what
 * was paid and any TDS deduction; "Send reminder" mails its statement and a payment link for the
 * open balance (after a confirmation); "Record TDS" settles a 194Q short payment (after a
 * confirmation showing 0.1 % of the taxable value).
 */
export function ReceivablesRetailerPage({ retailerId }: { retailerId: number }) {
  const role = useStaffRole();
  const allowed = role === 'admin' || role === 'accounts';
  const drill = useQuery({ ...receivablesQueries.retailer(retailerId), enabled: allowed });
  const reminder = useSendReminder(retailerId);
  const [confirmReminder, setConfirmReminder] = useState<string | null>(null);
  const [tdsFor, setTdsFor] = useState<ReceivableInvoice | null>(null);

  if (role !== null && !allowed) {
    return <Alert color="gray">Only admin and accounts staff can see receivables.</Alert>;
  }
  const back = (
    <Anchor component={Link} to={ADMIN_LINKS.receivables} size="sm">
      ← All receivables
    </Anchor>
  );
  if (drill.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the retailer's invoices">
        {back}
        <Skeleton height={28} w={280} />
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={34} />
        ))}
      </Stack>
    );
  }
  if (drill.isError) {
    return (
      <Stack gap="sm">
        {back}
        <LoadError title="The retailer's invoices could not be loaded" {...retryQuery(drill)} />
      </Stack>
    );
  }
  const data = drill.data;
  const owing = data.ageing.total > 0;

  return (
    <Stack gap="sm">
      <title>{`${data.retailer.name} · Receivables · Frameport back office`}</title>
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz="h3">
            {data.retailer.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[data.retailer.detail, data.retailer.email].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            Sales executive: {data.retailer.salesExecutives.map((se) => se.name).join(', ') || 'none'} ·{' '}
            <Anchor component={Link} to={ADMIN_LINKS.retailerCredit(data.retailer.id)} size="sm" td="underline">
              Credit terms
            </Anchor>
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Button className={desk.thumb} disabled={!owing} onClick={() => setConfirmReminder(newIdempotencyKey())}>
            Send reminder
          </Button>
          <Text size="xs" c="dimmed" data-testid="last-reminder">
            {data.lastReminder
              ? `Last reminder ${formatDateTime(data.lastReminder.at)} to ${data.lastReminder.to} for ${inr(data.lastReminder.amount)}${data.lastReminder.by ? ` by ${data.lastReminder.by}` : ''}`
              : 'No reminder sent yet'}
          </Text>
        </Stack>
      </Group>

      <Group gap="xs" wrap="wrap" aria-label="Ageing">
        {AGEING_BUCKETS.map((bucket) => (
          <Badge key={bucket} variant="light" color={bucket === 'notDue' || data.ageing[bucket] === 0 ? 'gray' : 'red'} size="lg" tt="none">
            {AGEING_BUCKET_LABELS[bucket]}: {inr(data.ageing[bucket])}
          </Badge>
        ))}
        <Badge variant="filled" color="dark" size="lg" tt="none">
          Total: {inr(data.ageing.total)}
        </Badge>
      </Group>

      {data.invoices.length === 0 ? (
        <EmptyState title="Nothing is owed." description={`Every invoice of ${data.retailer.name} is paid in full.`} />
      ) : (
        <div className={desk.frame}>
          <Table className={desk.table} aria-label="Open invoices" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th ta="right">Days overdue</Table.Th>
                <Table.Th>Bucket</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
                <Table.Th ta="right">TDS</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td className={desk.head}>
                    <PdfLink invoiceId={invoice.id} invoiceNo={invoice.invoiceNo} />
                  </Table.Td>
                  <Table.Td data-label="Date">{formatDay(invoice.invoiceDate)}</Table.Td>
                  <Table.Td data-label="Due">{formatDay(invoice.dueDate)}</Table.Td>
                  <Table.Td data-label="Days overdue" className={desk.num} c={invoice.daysOverdue > 0 ? 'red.9' : undefined}>
                    {invoice.daysOverdue > 0 ? invoice.daysOverdue : '—'}
                  </Table.Td>
                  <Table.Td data-label="Bucket">{AGEING_BUCKET_LABELS[invoice.bucket]}</Table.Td>
                  <Table.Td data-label="Amount" className={desk.num}>
                    {inr(invoice.amount)}
                  </Table.Td>
                  <Table.Td data-label="Paid" className={desk.num}>
                    {inr(invoice.paid)}
                  </Table.Td>
                  <Table.Td data-label="TDS" className={desk.num}>
                    {invoice.tds ? (
                      <span title={`${invoice.tds.section}${invoice.tds.reference ? `, ${invoice.tds.reference}` : ''}, ${formatDateTime(invoice.tds.recordedAt)}`}>{inr(invoice.tds.amount)}</span>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td data-label="Balance" className={desk.num} fw={600}>
                    {inr(invoice.balance)}
                  </Table.Td>
                  <Table.Td className={desk.actions}>
                    {invoice.tds === null && invoice.tdsAllowed > 0 && (
                      <Button size="xs" variant="default" className={desk.thumb} onClick={() => setTdsFor(invoice)} aria-label={`Record TDS on ${invoice.invoiceNo}`}>
                        Record TDS
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}

      <ConfirmDialog
        opened={confirmReminder !== null}
        title="Send a payment reminder"
        message={`Mail ${data.retailer.name} (${data.retailer.email}) its statement of ${data.invoices.length} open ${data.invoices.length === 1 ? 'invoice' : 'invoices'} and a payment link for ${inr(data.ageing.total)}?`}
        confirmLabel="Send reminder"
        destructive={false}
        busy={reminder.isPending}
        onCancel={() => setConfirmReminder(null)}
        onConfirm={() => {
          if (confirmReminder === null) return;
          reminder.mutate(confirmReminder, {
            onSuccess: () => setConfirmReminder(null),
            onError: (error) => {
              setConfirmReminder(null);
              notifyError(getErrorMessage(error), 'The reminder was not sent');
            },
          });
        }}
      />
      {tdsFor !== null && <TdsDialog retailerId={retailerId} invoice={tdsFor} onClose={() => setTdsFor(null)} />}
    </Stack>
  );
}

function PdfLink({ invoiceId, invoiceNo }: { invoiceId: number; invoiceNo: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <UnstyledButton
      className={desk.ref}
      aria-label={`Invoice ${invoiceNo} (PDF)`}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        fetchFile(`/api/admin/invoices/${invoiceId}/document`, { accept: 'application/pdf' })
          .then((blob) => saveFile(blob, pdfFileName(invoiceNo)))
          .catch((error: unknown) => notifyError(getErrorMessage(error), 'The invoice PDF could not be downloaded'))
          .finally(() => setBusy(false));
      }}
    >
      <Text span c="frameport.7" td="underline" fw={600} size="sm">
        {invoiceNo}
      </Text>
    </UnstyledButton>
  );
}

/** The amount (rupees, default the 194Q figure) and the challan reference, then a confirmation. */
function TdsDialog({ retailerId, invoice, onClose }: { retailerId: number; invoice: ReceivableInvoice; onClose: () => void }) {
  const record = useRecordTds(retailerId);
  const [amount, setAmount] = useState<number | string>(invoice.tds194Q > 0 ? invoice.tds194Q : '');
  const [reference, setReference] = useState('');
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rupees = typeof amount === 'number' ? amount : Number.NaN;
  const amountPaise = Math.round(rupees * 100);
  const problem =
    !Number.isFinite(rupees) || amountPaise <= 0
      ? 'Enter the amount deducted.'
      : rupees > invoice.tdsAllowed
        ? `At most ${inr(invoice.tdsAllowed)} for this invoice.`
        : null;

  return (
    <>
      <AppModal opened={confirmKey === null} onClose={onClose} title={`TDS on ${invoice.invoiceNo}`} closeLabel="Close" centered size="sm">
        <Stack gap="sm">
          <Text size="sm">
            Section 194Q: 0.1 % of the taxable value {inr(invoice.taxable)} is <strong>{inr(invoice.tds194Q)}</strong>. The balance is {inr(invoice.balance)}.
          </Text>
          <NumberInput label="Amount deducted (₹)" value={amount} onChange={setAmount} decimalScale={2} min={0} max={invoice.tdsAllowed} hideControls error={amount !== '' ? problem : null} />
          <TextInput label="Challan or Form 16A reference" value={reference} onChange={(event) => setReference(event.currentTarget.value)} maxLength={100} required />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={problem !== null || reference.trim() === ''} onClick={() => setConfirmKey(newIdempotencyKey())}>
              Continue
            </Button>
          </Group>
        </Stack>
      </AppModal>
      <ConfirmDialog
        opened={confirmKey !== null}
        title="Record a TDS deduction"
        message={`Record ${Number.isFinite(rupees) ? formatInr(amountPaise) : ''} deducted under section 194Q (0.1 % of the taxable value is ${inr(invoice.tds194Q)}) against ${invoice.invoiceNo}, reference ${reference.trim()}? The invoice's balance falls by that amount.`}
        confirmLabel="Record TDS"
        destructive={false}
        busy={record.isPending}
        onCancel={() => setConfirmKey(null)}
        onConfirm={() => {
          if (confirmKey === null) return;
          record.mutate(
            { invoiceId: invoice.id, amountPaise, reference: reference.trim(), idempotencyKey: confirmKey },
            {
              onSuccess: onClose,
              onError: (failure) => {
                setConfirmKey(null);
                setError(getErrorMessage(failure));
              },
            },
          );
        }}
      />
    </>
  );
}
