import { INVOICE_PAGE_SIZES } from '@frameport/domain';
import type { InvoiceRow } from '@frameport/domain/contract';
import { invoiceMessages } from '@frameport/domain/messages/invoices';
import { Badge, Button, Checkbox, NativeSelect, Pagination, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { pdfFileName, saveFile } from '../../../lib/save-file.ts';
import { fetchInvoicePdf } from '../api.ts';
import { formatInvoiceDate, inr, isOpen, OVERDUE_TEXT, STATUS_LOOK } from '../invoice-display.ts';
import classes from './invoice-table.module.css';

const [FIRST_PAGE_SIZE] = INVOICE_PAGE_SIZES;
const COLUMNS = 8;

type InvoiceTableProps = {
  /** Newest first, as the report sends them. */
  rows: InvoiceRow[];
  /** Invoice numbers chosen for the pay form. */
  selected: ReadonlySet<string>;
  onToggle: (invoiceNo: string, checked: boolean) => void;
  /** While a payment link is open the choice is fixed. */
  selectionLocked: boolean;
};

/**
 * The invoices: number, date, amounts, status (row colour and text) and the PDF, with a checkbox on
 * each open invoice to pay it. Page sizes 10–200 and pages; the rows scroll inside a 450 px area
 * under a sticky header, and become stacked cards below 768 px that scroll with the page.
 */
export function InvoiceTable({ rows, selected, onToggle, selectionLocked }: InvoiceTableProps) {
  const [pageSize, setPageSize] = useState<number>(FIRST_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState<number | null>(null);

  const totalPages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, totalPages);
  const first = (current - 1) * pageSize;
  const shown = rows.slice(first, first + pageSize);

  const download = async (row: InvoiceRow) => {
    setDownloading(row.InvoiceID);
    try {
      saveFile(await fetchInvoicePdf(row), pdfFileName(row.InvoiceNo));
    } catch (error) {
      notifyError(getErrorMessage(error), invoiceMessages.downloadFailed(row.InvoiceNo));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div>
      <div className={classes.scroll} {...useScrollAreaProps('Invoices (scrolls)')}>
        <Table className={classes.table} aria-label="My invoices" stickyHeader verticalSpacing="xs" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.select}>
                <VisuallyHidden>{invoiceMessages.columns.pay}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{invoiceMessages.columns.number}</Table.Th>
              <Table.Th>{invoiceMessages.columns.date}</Table.Th>
              <Table.Th ta="right">{invoiceMessages.columns.amount}</Table.Th>
              <Table.Th ta="right">{invoiceMessages.columns.paid}</Table.Th>
              <Table.Th ta="right">{invoiceMessages.columns.balance}</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Document</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS} className={classes.empty}>
                  {invoiceMessages.noData}
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((row) => (
                <Table.Tr
                  key={row.InvoiceID}
                  aria-label={`Invoice ${row.InvoiceNo}`}
                  style={{ backgroundColor: STATUS_LOOK[row.PaymentStatus].rowBackground }}
                >
                  <Table.Td className={classes.select}>
                    {isOpen(row) && (
                      <SelectToPay
                        invoiceNo={row.InvoiceNo}
                        checked={selected.has(row.InvoiceNo)}
                        disabled={selectionLocked}
                        onToggle={onToggle}
                      />
                    )}
                  </Table.Td>
                  <Table.Td className={classes.number}>{row.InvoiceNo}</Table.Td>
                  <Table.Td data-label={invoiceMessages.columns.date}>{formatInvoiceDate(row.InvoiceDate)}</Table.Td>
                  <Table.Td data-label={invoiceMessages.columns.amount} className={classes.money}>
                    {inr(row.InvoiceAmount)}
                  </Table.Td>
                  <Table.Td data-label={invoiceMessages.columns.paid} className={classes.money}>
                    {inr(row.PaymentAmount)}
                  </Table.Td>
                  <Table.Td data-label={invoiceMessages.columns.balance} className={classes.money} fw={600}>
                    {inr(row.BalanceAmount)}
                  </Table.Td>
                  <Table.Td className={classes.status}>
                    <Badge color={STATUS_LOOK[row.PaymentStatus].badge} variant="filled" radius="sm" size="md" tt="none">
                      {row.PaymentStatus}
                    </Badge>
                    {row.DaysOverdue > 0 && (
                      <Text size="xs" c={OVERDUE_TEXT} fw={600} mt={2}>
                        {row.DaysOverdue} {row.DaysOverdue === 1 ? 'day' : 'days'} overdue
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className={classes.document}>
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconDownload size={14} aria-hidden="true" />}
                      loading={downloading === row.InvoiceID}
                      onClick={() => void download(row)}
                      aria-label={`Download invoice ${row.InvoiceNo} (PDF)`}
                    >
                      PDF
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </div>

      <div className={classes.footer}>
        <Text size="sm" c="dimmed" className="tabular" aria-live="polite" mt="xs">
          {rows.length === 0
            ? invoiceMessages.none
            : `Showing ${first + 1}–${first + shown.length} of ${rows.length} ${rows.length === 1 ? 'invoice' : 'invoices'}`}
        </Text>
        <div className={classes.pageSize}>
          <NativeSelect
            label="Rows per page"
            size="xs"
            mt="xs"
            data={INVOICE_PAGE_SIZES.map(String)}
            value={String(pageSize)}
            onChange={(event) => {
              setPageSize(Number(event.currentTarget.value));
              setPage(1);
            }}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } }}
          />
          {totalPages > 1 && (
            <nav aria-label="Invoice pages">
              <Pagination
                mt="xs"
                size="sm"
                total={totalPages}
                value={current}
                onChange={setPage}
                siblings={1}
                boundaries={1}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
              />
            </nav>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * A table's 450 px scroll area (spec section 9) is a named, focusable region, so the keyboard can
 * scroll it. Below 768 px the rows are cards that scroll with the page (a box inside the page that
 * scrolls too is hard to use with a thumb): then it is a plain block, no tab stop.
 */
export function useScrollAreaProps(label: string) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return phone ? {} : ({ role: 'region', 'aria-label': label, tabIndex: 0 } as const);
}

type SelectToPayProps = {
  invoiceNo: string;
  checked: boolean;
  disabled: boolean;
  onToggle: (invoiceNo: string, checked: boolean) => void;
};

/** An open invoice's pay checkbox, inside a label that makes the whole 44×44 px cell corner its target. */
export function SelectToPay({ invoiceNo, checked, disabled, onToggle }: SelectToPayProps) {
  return (
    <label className={classes.selectTarget}>
      <Checkbox
        aria-label={invoiceMessages.selectToPay(invoiceNo)}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onToggle(invoiceNo, event.currentTarget.checked)}
      />
    </label>
  );
}
