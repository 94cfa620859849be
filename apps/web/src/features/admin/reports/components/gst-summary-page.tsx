import '@mantine/core/styles/Table.css';
import { istDateOf, previousMonth } from '@frameport/domain';
import type { GstSummaryReport } from '@frameport/domain/contract/admin-reports';
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { inr } from '../../admin-display.ts';
import desk from '../../components/desk-table.module.css';
import { useStaffRole } from '../../staff-role.ts';
import { fetchGstFile, reportQueries } from '../api.ts';
import { ExportButtons, TableSkeleton } from './report-parts.tsx';
import classes from './reports.module.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const rate = (percent: number) => `${percent.toLocaleString('en-IN', { maximumFractionDigits: 3 })}%`;

/**
 * /admin/reports/gst (admin, accounts): the GST summary of a month (the figures for GSTR-1 and
 * GSTR-3B) — taxable value and CGST, SGST and IGST by rate and by place of supply, the totals with
 * the number of invoices, their value and round-off — with CSV/XLSX export. The month is in the URL
 * (last month by default: the one being filed).
 */
export function GstSummaryPage() {
  const role = useStaffRole();
  const [params, setParams] = useSearchParams();
  const thisMonth = istDateOf(new Date()).slice(0, 7);
  const asked = params.get('month') ?? '';
  const month = MONTH.test(asked) ? asked : previousMonth(thisMonth);
  const allowed = role === 'admin' || role === 'accounts';
  const report = useQuery({ ...reportQueries.gst(month), enabled: allowed });

  const heading = (
    <Title order={1} fz="h3">
      GST summary
    </Title>
  );
  if (role !== null && !allowed) {
    return (
      <Stack gap="sm">
        {heading}
        <Alert color="gray">Only admin and accounts staff can see the GST summary.</Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <title>GST summary · Frameport back office</title>
      <div>
        {heading}
        <Text size="sm" c="dimmed">
          The invoices dated in {monthLabel(month)}: taxable value and tax by rate and by place of supply, as each invoice charged it — the figures for
          GSTR-1 and GSTR-3B.
        </Text>
      </div>
      <div className={desk.toolbar}>
        <TextInput
          label="Month"
          type="month"
          w={190}
          className={desk.thumb}
          value={month}
          max={thisMonth}
          onChange={(event) => MONTH.test(event.currentTarget.value) && setParams({ month: event.currentTarget.value }, { replace: true })}
        />
        <ExportButtons what="GST summary" fileStem={`gst-summary-${month}`} fetchFile={(format) => fetchGstFile(month, format)} />
      </div>
      {report.isPending ? (
        <TableSkeleton label="Loading the GST summary" />
      ) : report.isError && report.data === undefined ? (
        <LoadError title="The GST summary could not be loaded" {...retryQuery(report)} />
      ) : report.data.totals.invoices === 0 ? (
        <EmptyState title={`No invoices are dated in ${monthLabel(month)}.`} description="Choose another month." />
      ) : (
        <GstTables report={report.data} stale={report.isPlaceholderData} />
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} className={desk.num} ta="left">
        {value}
      </Text>
    </Paper>
  );
}

function GstTables({ report, stale }: { report: GstSummaryReport; stale: boolean }) {
  const { totals } = report;
  const heads = [
    ['Taxable value', 'taxable'],
    ['CGST', 'cgst'],
    ['SGST', 'sgst'],
    ['IGST', 'igst'],
    ['Total GST', 'tax'],
  ] as const;
  return (
    <Stack gap="sm" className={stale ? desk.stale : undefined} aria-busy={stale}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-label="Totals of the month" role="group">
        <Figure label="Invoices" value={totals.invoices.toLocaleString('en-IN')} />
        <Figure label="Taxable value" value={inr(totals.taxable)} />
        <Figure label="Total GST" value={inr(totals.tax)} />
        <Figure label="Invoice value" value={inr(totals.invoiceValue)} />
      </SimpleGrid>

      <Title order={2} fz="h5" className={classes.section}>
        By rate
      </Title>
      <div className={desk.frame}>
        <Table className={desk.table} aria-label="GST by rate" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rate</Table.Th>
              <Table.Th ta="right">Invoices</Table.Th>
              <Table.Th ta="right">Within the State</Table.Th>
              <Table.Th ta="right">Inter-State</Table.Th>
              {heads.map(([label]) => (
                <Table.Th key={label} ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.byRate.map((row) => (
              <Table.Tr key={row.ratePercent}>
                <Table.Td className={desk.head}>{rate(row.ratePercent)}</Table.Td>
                <Table.Td data-label="Invoices" className={desk.num}>
                  {row.invoices}
                </Table.Td>
                <Table.Td data-label="Taxable within the State" className={desk.num}>
                  {inr(row.intraTaxable)}
                </Table.Td>
                <Table.Td data-label="Taxable inter-State" className={desk.num}>
                  {inr(row.interTaxable)}
                </Table.Td>
                {heads.map(([label, key]) => (
                  <Table.Td key={key} data-label={label} className={desk.num} fw={key === 'tax' ? 600 : undefined}>
                    {inr(row[key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" className={desk.head}>
                Total
              </Table.Th>
              <Table.Td data-label="Invoices" className={desk.num} fw={700}>
                {totals.invoices}
              </Table.Td>
              <Table.Td data-label="Taxable within the State" className={desk.num} fw={700}>
                {inr(report.byRate.reduce((sum, row) => sum + Math.round(row.intraTaxable * 100), 0) / 100)}
              </Table.Td>
              <Table.Td data-label="Taxable inter-State" className={desk.num} fw={700}>
                {inr(report.byRate.reduce((sum, row) => sum + Math.round(row.interTaxable * 100), 0) / 100)}
              </Table.Td>
              {heads.map(([label, key]) => (
                <Table.Td key={key} data-label={label} className={desk.num} fw={700}>
                  {inr(totals[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </div>

      <Title order={2} fz="h5" className={classes.section}>
        By place of supply
      </Title>
      <div className={desk.frame}>
        <Table className={desk.table} aria-label="GST by place of supply" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>State</Table.Th>
              <Table.Th>Supply</Table.Th>
              <Table.Th ta="right">Invoices</Table.Th>
              {heads.map(([label]) => (
                <Table.Th key={label} ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.byState.map((row) => (
              <Table.Tr key={row.stateCode}>
                <Table.Td className={desk.head}>
                  {row.state}{' '}
                  <Text span size="xs" c="dimmed">
                    ({row.stateCode})
                  </Text>
                </Table.Td>
                <Table.Td data-label="Supply">
                  {row.kind === 'intra' ? 'Within the State (CGST + SGST)' : 'Inter-State (IGST)'}
                </Table.Td>
                <Table.Td data-label="Invoices" className={desk.num}>
                  {row.invoices}
                </Table.Td>
                {heads.map(([label, key]) => (
                  <Table.Td key={key} data-label={label} className={desk.num} fw={key === 'tax' ? 600 : undefined}>
                    {inr(row[key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" className={desk.head}>
                Total
              </Table.Th>
              <Table.Td data-label="Supply" />
              <Table.Td data-label="Invoices" className={desk.num} fw={700}>
                {totals.invoices}
              </Table.Td>
              {heads.map(([label, key]) => (
                <Table.Td key={key} data-label={label} className={desk.num} fw={700}>
                  {inr(totals[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </div>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Invoice value {inr(totals.invoiceValue)} = taxable value + GST + round-off {inr(totals.roundOff)}.
        </Text>
      </Group>
    </Stack>
  );
}
