import '@mantine/core/styles/Table.css';
import { istDateOf, REPORT_PERIOD_LABELS, REPORT_PERIODS, reportPeriod, type ReportPeriod } from '@frameport/domain';
import { SALES_GROUP_LABELS, SALES_GROUPS, type SalesGroup, type SalesReport, type SalesRow } from '@frameport/domain/contract/admin-reports';
import { Alert, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { useUrlParams } from '../../../../lib/use-url-params.ts';
import { inr } from '../../admin-display.ts';
import desk from '../../components/desk-table.module.css';
import { formatDay } from '../../order/order-display.ts';
import { useStaffRole } from '../../staff-role.ts';
import { fetchSalesFile, reportQueries, type SalesReportQuery } from '../api.ts';
import { ExportButtons, SortableTh, TableSkeleton, type SortDirection } from './report-parts.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const SORTS = ['name', 'invoices', 'quantity', 'taxable', 'cgst', 'sgst', 'igst', 'total'] as const;
type SortKey = (typeof SORTS)[number];
const COLUMN_LABELS: Record<Exclude<SortKey, 'name'>, string> = {
  invoices: 'Invoices',
  quantity: 'Quantity',
  taxable: 'Taxable value',
  cgst: 'CGST',
  sgst: 'SGST',
  igst: 'IGST',
  total: 'Total',
};
const MONEY: readonly SortKey[] = ['taxable', 'cgst', 'sgst', 'igst', 'total'];
/** The phone's sort choices (its table has no headings to click); the default is the server's order. */
const PHONE_SORTS: readonly string[] = ['name:ascending', 'total:ascending', 'quantity:descending'];

type View = { query: SalesReportQuery; sort: SortKey | null; direction: SortDirection };

/** The URL's period (this month by default), grouping and sort. */
function viewOf(params: URLSearchParams, today: string): View {
  const preset = reportPeriod('thisMonth', today);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const groupBy = (SALES_GROUPS as readonly string[]).includes(params.get('groupBy') ?? '') ? (params.get('groupBy') as SalesGroup) : 'brand';
  const sort = (SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as SortKey) : null;
  return {
    query: { from: DAY.test(from) ? from : preset.from, to: DAY.test(to) ? to : preset.to, groupBy },
    sort,
    direction: params.get('dir') === 'asc' ? 'ascending' : 'descending',
  };
}

function presetOf(query: SalesReportQuery, today: string): ReportPeriod | 'custom' {
  return REPORT_PERIODS.find((period) => {
    const range = reportPeriod(period, today);
    return range.from === query.from && range.to === query.to;
  }) ?? 'custom';
}

function sorted(rows: readonly SalesRow[], sort: SortKey | null, direction: SortDirection): SalesRow[] {
  if (sort === null) return [...rows];
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const order = sort === 'name' ? a.name.localeCompare(b.name, 'en-IN') : a[sort] - b[sort];
    return sign * order || a.name.localeCompare(b.name, 'en-IN');
  });
}

/**
 * /admin/reports/sales (admin, accounts): what was invoiced in a period — by brand, style, state,
 * city, retailer, sales executive or week — with the quantity, the taxable value and the GST the
 * invoices charged, a totals row, sortable columns and CSV/XLSX export. Period, grouping and sort
 * live in the URL.
 */
export function SalesReportPage() {
  const role = useStaffRole();
  const [params, write] = useUrlParams();
  const today = istDateOf(new Date());
  const view = viewOf(params, today);
  const { query } = view;
  const invalid = query.from > query.to;
  const allowed = role === 'admin' || role === 'accounts';
  const report = useQuery({ ...reportQueries.sales(query), enabled: allowed && !invalid });

  const update = (change: Record<string, string | null> | ((latest: View) => Record<string, string | null>)) =>
    write((latest) => {
      const next = new URLSearchParams(latest);
      const patch = typeof change === 'function' ? change(viewOf(latest, today)) : change;
      for (const [key, value] of Object.entries(patch)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    }, { replace: true });
  const choosePreset = (value: string) => {
    if (value === 'custom') return;
    const range = reportPeriod(value as ReportPeriod, today);
    update({ from: range.from, to: range.to });
  };
  const sortBy = (key: SortKey) =>
    update((latest) => ({
      sort: key,
      dir: latest.sort === key ? (latest.direction === 'descending' ? 'asc' : 'desc') : key === 'name' ? 'asc' : 'desc',
    }));

  const heading = (
    <Title order={1} fz="h3">
      Sales
    </Title>
  );
  if (role !== null && !allowed) {
    return (
      <Stack gap="sm">
        {heading}
        <Alert color="gray">Only admin and accounts staff can see the sales report.</Alert>
      </Stack>
    );
  }

  const groupLabel = SALES_GROUP_LABELS[query.groupBy];
  return (
    <Stack gap="sm">
      <title>Sales · Frameport back office</title>
      <div>
        {heading}
        <Text size="sm" c="dimmed">
          What was invoiced from {formatDay(query.from)} to {formatDay(query.to)}, by invoice date: the lines of each invoice at the value and GST it
          charged. Orders not yet invoiced, cancelled pieces and free lines are not counted.
        </Text>
      </div>
      <div className={desk.toolbar}>
        <NativeSelect
          label="Period"
          w={190}
          className={desk.thumb}
          value={presetOf(query, today)}
          onChange={(event) => choosePreset(event.currentTarget.value)}
          data={[...REPORT_PERIODS.map((value) => ({ value, label: REPORT_PERIOD_LABELS[value] })), { value: 'custom', label: 'Custom dates' }]}
        />
        <TextInput
          label="From"
          type="date"
          w={160}
          className={desk.thumb}
          value={query.from}
          max={query.to}
          onChange={(event) => DAY.test(event.currentTarget.value) && update({ from: event.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          w={160}
          className={desk.thumb}
          value={query.to}
          min={query.from}
          onChange={(event) => DAY.test(event.currentTarget.value) && update({ to: event.currentTarget.value })}
          error={invalid ? 'Must be on or after “From”' : undefined}
        />
        <NativeSelect
          label="Group by"
          w={180}
          className={desk.thumb}
          value={query.groupBy}
          onChange={(event) => update({ groupBy: event.currentTarget.value === 'brand' ? null : event.currentTarget.value, sort: null, dir: null })}
          data={SALES_GROUPS.map((value) => ({ value, label: SALES_GROUP_LABELS[value] }))}
        />
        <NativeSelect
          label="Sort by"
          w={170}
          hiddenFrom="sm"
          className={desk.thumb}
          value={PHONE_SORTS.includes(`${view.sort}:${view.direction}`) ? `${view.sort}:${view.direction}` : ''}
          onChange={(event) => {
            const [key, direction] = event.currentTarget.value.split(':');
            update({ sort: key || null, dir: key ? (direction === 'ascending' ? 'asc' : 'desc') : null });
          }}
          data={[
            { value: '', label: query.groupBy === 'week' ? 'Oldest week first' : 'Largest total first' },
            { value: 'name:ascending', label: `${groupLabel} A–Z` },
            { value: 'total:ascending', label: 'Smallest total first' },
            { value: 'quantity:descending', label: 'Most pieces first' },
          ]}
        />
        <ExportButtons
          what="sales report"
          fileStem={`sales-by-${query.groupBy}-${query.from}-to-${query.to}`}
          fetchFile={(format) => fetchSalesFile(query, format)}
        />
      </div>
      {invalid ? (
        <Alert color="red">The “From” date must be on or before the “To” date.</Alert>
      ) : report.isPending ? (
        <TableSkeleton label="Loading the sales report" />
      ) : report.isError && report.data === undefined ? (
        <LoadError title="The sales report could not be loaded" {...retryQuery(report)} />
      ) : report.data.totals.invoices === 0 ? (
        <EmptyState title="Nothing was invoiced in this period." description="Choose another period: sales count from the invoice date." />
      ) : (
        <SalesTable report={report.data} stale={report.isPlaceholderData} view={view} onSort={sortBy} />
      )}
    </Stack>
  );
}

function SalesTable({ report, stale, view, onSort }: { report: SalesReport; stale: boolean; view: View; onSort: (key: SortKey) => void }) {
  const rows = useMemo(() => sorted(report.rows, view.sort, view.direction), [report.rows, view.sort, view.direction]);
  const groupLabel = SALES_GROUP_LABELS[report.groupBy];
  const columns = Object.keys(COLUMN_LABELS) as Exclude<SortKey, 'name'>[];
  const cell = (key: Exclude<SortKey, 'name'>, value: number) => (MONEY.includes(key) ? inr(value) : value.toLocaleString('en-IN'));
  return (
    <div className={`${desk.frame} ${stale ? desk.stale : ''}`} aria-busy={stale}>
      <Table className={desk.table} aria-label={`Sales by ${groupLabel.toLowerCase()}`} verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <SortableTh label={groupLabel} active={view.sort === 'name'} direction={view.direction} onSort={() => onSort('name')} />
            {columns.map((key) => (
              <SortableTh key={key} label={COLUMN_LABELS[key]} numeric active={view.sort === key} direction={view.direction} onSort={() => onSort(key)} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td className={desk.head}>
                {report.groupBy === 'retailer' && row.id !== null ? <Link to={ADMIN_LINKS.retailer(row.id)}>{row.name}</Link> : row.name}
                {row.detail && (
                  <Text size="xs" c="dimmed">
                    {row.detail}
                  </Text>
                )}
              </Table.Td>
              {columns.map((key) => (
                <Table.Td key={key} data-label={COLUMN_LABELS[key]} className={desk.num} fw={key === 'total' ? 600 : undefined}>
                  {cell(key, row[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" className={desk.head}>
              Total{report.groupBy === 'salesExecutive' ? ' (each retailer once)' : ''}
            </Table.Th>
            {columns.map((key) => (
              <Table.Td key={key} data-label={COLUMN_LABELS[key]} className={desk.num} fw={700}>
                {cell(key, report.totals[key])}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}
