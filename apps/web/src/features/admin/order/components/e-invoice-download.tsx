import { deskMessages } from '@frameport/domain';
import { EInvoiceBulkSchema, type EInvoiceBulk } from '@frameport/domain/contract';
import { Button, List, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchFile } from '../../../../lib/api-client.ts';
import { saveFile, todayInIndia } from '../order-display.ts';
import { ActionDialog } from './action-dialog.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The range form's refusals before anything is sent (the server checks the length of the range). */
export function rangeErrors(from: string, to: string): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (!DAY.test(from)) errors.from = deskMessages.eInvoice.invalidDate;
  if (!DAY.test(to)) errors.to = deskMessages.eInvoice.invalidDate;
  if (errors.from === undefined && errors.to === undefined && from > to) errors.to = deskMessages.eInvoice.dateRange;
  return errors;
}

/** What the download held, in words: how many e-invoices, and each invoice left out with why. */
export function bulkSummary(bulk: EInvoiceBulk): string {
  const count = bulk.documents.length;
  const documents = `${count} e-invoice${count === 1 ? '' : 's'} downloaded`;
  return bulk.skipped.length === 0 ? `${documents}.` : `${documents}; ${bulk.skipped.length} left out:`;
}

/**
 * E-invoices (admin, accounts): the INV-01 JSON of every invoice dated in a range, as one file to
 * register on the Invoice Registration Portal (GET /api/admin/invoices/e-invoice?from=&to=, decision
 * 013). After the download it says how many it held and which invoices were left out, with the
 * reasons (a buyer without GSTIN, already registered, …).
 */
export function EInvoiceDownload() {
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = rangeErrors(from, to);
  const shown = touched ? errors : {};
  const download = useMutation({
    mutationFn: async (range: { from: string; to: string }) => {
      const query = new URLSearchParams(range).toString();
      const blob = await fetchFile(`/api/admin/invoices/e-invoice?${query}`, { accept: 'application/json' });
      const bulk = EInvoiceBulkSchema.parse(JSON.parse(await blob.text()) as unknown);
      saveFile(blob, `e-invoices-${range.from}-to-${range.to}.json`);
      return bulk;
    },
  });
  const open = () => {
    const today = todayInIndia();
    download.reset();
    setTouched(false);
    setFrom(`${today.slice(0, 8)}01`);
    setTo(today);
    setOpened(true);
  };
  const bulk = download.data;
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconDownload size={14} aria-hidden />} onClick={open}>
        E-invoices
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="E-invoice JSON for a date range"
        message="The INV-01 e-invoices of the invoices dated in these days (at most 366), in one file to register on the Invoice Registration Portal."
        submitLabel="Download"
        busy={download.isPending}
        error={download.error}
        onSubmit={() => {
          setTouched(true);
          if (errors.from !== undefined || errors.to !== undefined) return;
          download.mutate({ from, to });
        }}
      >
        <TextInput
          label="Invoice dates from"
          type="date"
          required
          value={from}
          max={to || undefined}
          onChange={(event) => setFrom(event.currentTarget.value)}
          error={shown.from}
          data-autofocus
        />
        <TextInput label="to" type="date" required value={to} min={from || undefined} onChange={(event) => setTo(event.currentTarget.value)} error={shown.to} />
        {bulk !== undefined && (
          <div role="status">
            <Text size="sm">{bulkSummary(bulk)}</Text>
            {bulk.skipped.length > 0 && (
              <List size="sm" spacing={2} mt={4}>
                {bulk.skipped.map((skip) => (
                  <List.Item key={skip.invoiceId}>
                    {skip.invoiceNo}: {skip.reasons.join(' ')}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
        )}
      </ActionDialog>
    </>
  );
}
