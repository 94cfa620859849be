import '@mantine/core/styles/Table.css';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS } from '@frameport/domain';
import { RECEIVABLES_GROUPS, type ReceivablesQuery, type ReceivablesReport } from '@frameport/domain/contract/admin-reports';
import { Alert, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { inr } from '../../admin-display.ts';
import desk from '../../components/desk-table.module.css';
import { formatDay } from '../../order/order-display.ts';
import { useStaffRole } from '../../staff-role.ts';
import { fetchReceivablesFile, receivablesQueries } from '../receivables-api.ts';
import { ExportButtons } from './report-parts.tsx';

const GROUP_LABELS: Record<ReceivablesQuery['groupBy'], string> = { retailer: 'Retailer', salesExecutive: 'Sales executive' };

/**
 * /admin/receivables (admin, accounts): every open invoice balance by days past due — not due,
 * 1–30, 31–60, 61–90, over 90 — per retailer (each links to its open invoices) or per sales
 * executive (each links to their retailers), largest first, with the totals and CSV/XLSX export;
 * the grouping and the sales executive are in the URL.
 */
export function ReceivablesPage() {
  const role = useStaffRole();
  const [params, setParams] = useSearchParams();
  const groupBy: ReceivablesQuery['groupBy'] = params.get('groupBy') === 'salesExecutive' ? 'salesExecutive' : 'retailer';
  // A sales executive's row drills down to their retailers: ?salesExecutive=<user id> or 'none'.
  const seParam = params.get('salesExecutive');
  const salesExecutive: ReceivablesQuery['salesExecutive'] =
    groupBy === 'retailer' && seParam !== null ? (seParam === 'none' ? 'none' : /^\d{1,9}$/.test(seParam) ? Number(seParam) : undefined) : undefined;
  const seName = params.get('name');
  const allowed = role === 'admin' || role === 'accounts';
  const report = useQuery({ ...receivablesQueries.report(groupBy, salesExecutive), enabled: allowed });

  const heading = (
    <Title order={1} fz="h3">
      Receivables
    </Title>
  );
  if (role !== null && !allowed) {
    return (
      <Stack gap="sm">
        {heading}
        <Alert color="gray">Only admin and accounts staff can see receivables.</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <title>Receivables · Frameport back office</title>
      <div>
        {heading}
        <Text size="sm" c="dimmed">
          Open invoice balances by days past their due date{report.data ? `, on ${formatDay(report.data.asOf)}` : ''}.
        </Text>
      </div>
      {salesExecutive !== undefined && (
        <Text size="sm">
          Retailers of <strong>{seName ?? (salesExecutive === 'none' ? 'No sales executive' : `sales executive ${salesExecutive}`)}</strong> ·{' '}
          <Link to={`${ADMIN_LINKS.receivables}?groupBy=salesExecutive`}>All sales executives</Link>
        </Text>
      )}
      <div className={desk.toolbar}>
        <NativeSelect
          label="Group by"
          w={200}
          className={desk.thumb}
          value={groupBy}
          onChange={(event) => setParams(event.currentTarget.value === 'retailer' ? {} : { groupBy: event.currentTarget.value }, { replace: true })}
          data={RECEIVABLES_GROUPS.map((value) => ({ value, label: GROUP_LABELS[value] }))}
        />
        <ExportButtons
          what="receivables"
          fileStem={`receivables-by-${groupBy === 'salesExecutive' ? 'sales-executive' : 'retailer'}${report.data ? `-${report.data.asOf}` : ''}`}
          fetchFile={(format) => fetchReceivablesFile({ groupBy, salesExecutive }, format)}
        />
      </div>
      {report.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label="Loading receivables">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={34} />
          ))}
        </Stack>
      ) : report.isError && report.data === undefined ? (
        <LoadError title="The receivables could not be loaded" {...retryQuery(report)} />
      ) : report.data.rows.length === 0 ? (
        <EmptyState title="Nothing is owed." description="Every invoice is paid in full." />
      ) : (
        <ReceivablesTable report={report.data} stale={report.isPlaceholderData} />
      )}
    </Stack>
  );
}

function ReceivablesTable({ report, stale }: { report: ReceivablesReport; stale: boolean }) {
  const bySalesExecutive = report.groupBy === 'salesExecutive';
  return (
    <div className={`${desk.frame} ${stale ? desk.stale : ''}`} aria-busy={stale}>
      <Table className={desk.table} aria-label="Receivables" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{GROUP_LABELS[report.groupBy]}</Table.Th>
            <Table.Th ta="right">Open invoices</Table.Th>
            {AGEING_BUCKETS.map((bucket) => (
              <Table.Th key={bucket} ta="right">
                {AGEING_BUCKET_LABELS[bucket]}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row) => (
            <Table.Tr key={row.id ?? 'none'}>
              <Table.Td className={desk.head}>
                {bySalesExecutive ? (
                  <Link to={`${ADMIN_LINKS.receivables}?${new URLSearchParams({ salesExecutive: row.id === null ? 'none' : String(row.id), name: row.name }).toString()}`}>
                    {row.name}
                  </Link>
                ) : row.id !== null ? (
                  <Link to={ADMIN_LINKS.receivablesRetailer(row.id)}>{row.name}</Link>
                ) : (
                  row.name
                )}
                {row.detail && (
                  <Text size="xs" c="dimmed">
                    {row.detail}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label="Open invoices" className={desk.num}>
                {row.openInvoices}
              </Table.Td>
              {AGEING_BUCKETS.map((bucket) => (
                <Table.Td key={bucket} data-label={AGEING_BUCKET_LABELS[bucket]} className={desk.num} c={bucket !== 'notDue' && row.ageing[bucket] > 0 ? 'red.9' : undefined}>
                  {row.ageing[bucket] === 0 ? '—' : inr(row.ageing[bucket])}
                </Table.Td>
              ))}
              <Table.Td data-label="Total" className={desk.num} fw={600}>
                {inr(row.ageing.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" className={desk.head}>
              All retailers{bySalesExecutive ? ' (each once)' : ''}
            </Table.Th>
            <Table.Td data-label="Open invoices" className={desk.num} fw={600}>
              {report.openInvoices}
            </Table.Td>
            {AGEING_BUCKETS.map((bucket) => (
              <Table.Td key={bucket} data-label={AGEING_BUCKET_LABELS[bucket]} className={desk.num} fw={600}>
                {inr(report.totals[bucket])}
              </Table.Td>
            ))}
            <Table.Td data-label="Total" className={desk.num} fw={700}>
              {inr(report.totals.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}
