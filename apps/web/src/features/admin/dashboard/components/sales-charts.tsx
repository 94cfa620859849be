import '@mantine/charts/styles.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Table.css';
import { addDays, istDateOf, reportPeriod, weekStartOf } from '@frameport/domain';
import type { SalesGroup, SalesReport } from '@frameport/domain/contract/admin-reports';
import { BarChart } from '@mantine/charts';
import { Anchor, SegmentedControl, Skeleton, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { inr } from '../../admin-display.ts';
import { reportQueries, type SalesReportQuery } from '../../reports/api.ts';
import classes from './dashboard.module.css';

/** Weeks of sales the first chart shows, this week included. */
export const CHART_WEEKS = 12;
/** Bars a chart of brands, states or sales executives shows; the rest are summed in one "Others" bar. */
export const CHART_BARS = 8;

type ChartSpec = {
  key: string;
  title: string;
  query: SalesReportQuery;
  /** Whose sales a bar is, read aloud with the figures. */
  unit: string;
};

/** The four charts on `today` (India): the last 12 weeks, and this month by brand, state and sales executive. */
export function chartSpecs(today: string): ChartSpec[] {
  const month = reportPeriod('thisMonth', today);
  const byMonth = (groupBy: SalesGroup): SalesReportQuery => ({ ...month, groupBy });
  return [
    {
      key: 'week',
      title: `Sales by week (last ${CHART_WEEKS} weeks)`,
      query: { from: addDays(weekStartOf(today), -7 * (CHART_WEEKS - 1)), to: today, groupBy: 'week' },
      unit: 'week',
    },
    { key: 'brand', title: 'Sales by brand (this month)', query: byMonth('brand'), unit: 'brand' },
    { key: 'state', title: 'Sales by state (this month)', query: byMonth('state'), unit: 'state' },
    { key: 'salesExecutive', title: 'Sales by sales executive (this month)', query: byMonth('salesExecutive'), unit: 'sales executive' },
  ];
}

export type ChartBar = { name: string; total: number; taxable: number };

/**
 * The bars of a report: weeks in order; other groupings largest first, the first CHART_BARS - 1
 * and the rest summed as "Others" (so the bars add up to the rows).
 */
export function barsOf(report: SalesReport): ChartBar[] {
  const bars = report.rows.map((row) => ({ name: row.name, total: row.total, taxable: row.taxable }));
  if (report.groupBy === 'week' || bars.length <= CHART_BARS) return bars;
  const rest = bars.slice(CHART_BARS - 1);
  return [
    ...bars.slice(0, CHART_BARS - 1),
    {
      name: `Others (${rest.length})`,
      total: Math.round(rest.reduce((sum, bar) => sum + bar.total * 100, 0)) / 100,
      taxable: Math.round(rest.reduce((sum, bar) => sum + bar.taxable * 100, 0)) / 100,
    },
  ];
}

/**
 * The dashboard's sales charts (admin and accounts): invoiced sales from GET /api/admin/reports/sales.
 * Each chart has a Table view with the same figures, and the chart itself says in words what it shows.
 */
export function SalesCharts({ now = new Date() }: { now?: Date }) {
  const today = istDateOf(now);
  return (
    <section aria-labelledby="dashboard-sales">
      <Title order={2} fz="h5" mb="xs" id="dashboard-sales">
        Sales (invoiced, incl. GST)
      </Title>
      <div className={classes.charts}>
        {chartSpecs(today).map((spec) => (
          <SalesChart key={spec.key} spec={spec} />
        ))}
      </div>
    </section>
  );
}

function SalesChart({ spec }: { spec: ChartSpec }) {
  const report = useQuery(reportQueries.sales(spec.query));
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const bars = report.data ? barsOf(report.data) : [];
  const empty = report.data !== undefined && bars.every((bar) => bar.total === 0);
  const reportLink = `${ADMIN_LINKS.salesReport}?${new URLSearchParams({ from: spec.query.from, to: spec.query.to, groupBy: spec.query.groupBy })}`;

  return (
    <figure className={classes.chartCard} aria-labelledby={titleId} data-chart={spec.key}>
      <div className={classes.chartHead}>
        <Title order={3} fz="sm" id={titleId}>
          {spec.title}
        </Title>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as 'chart' | 'table')}
          data={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Table' },
          ]}
          aria-label={`${spec.title}: show as`}
          classNames={{ label: classes.viewLabel }}
        />
      </div>
      <div className={classes.chartBody}>
        {report.isPending ? (
          <Skeleton h={280} radius="sm" aria-label={`Loading ${spec.title.toLowerCase()}`} />
        ) : report.isError ? (
          <LoadError title="These sales could not be loaded" {...retryQuery(report)} />
        ) : empty ? (
          <Text size="sm" c="dimmed" py="md">
            Nothing invoiced in this period yet.
          </Text>
        ) : view === 'chart' ? (
          <div role="img" aria-label={describe(spec, bars)} className={classes.chartFill}>
            <BarChart
              h="100%"
              data={bars}
              dataKey="name"
              orientation={spec.key === 'week' ? 'horizontal' : 'vertical'}
              series={[{ name: 'total', label: 'Sales incl. GST', color: 'frameport.6' }]}
              valueFormatter={(value) => inr(value)}
              yAxisProps={spec.key === 'week' ? { width: 72, tickFormatter: shortRupees } : { width: 110 }}
              xAxisProps={spec.key === 'week' ? { tickFormatter: (name: string) => name.replace('Week of ', '') } : { tickFormatter: shortRupees }}
              gridAxis={spec.key === 'week' ? 'y' : 'x'}
              tickLine="none"
              tooltipAnimationDuration={0}
              barProps={{ isAnimationActive: false }}
            />
          </div>
        ) : (
          <Table striped fz="sm" verticalSpacing={6} aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{spec.unit[0]!.toUpperCase() + spec.unit.slice(1)}</Table.Th>
                <Table.Th scope="col" ta="right">
                  Taxable value
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Incl. GST
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bars.map((bar) => (
                <Table.Tr key={bar.name}>
                  <Table.Th scope="row" fw={400}>
                    {bar.name}
                  </Table.Th>
                  <Table.Td ta="right" className={classes.money}>
                    {inr(bar.taxable)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.money}>
                    {inr(bar.total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </div>
      <Text component="figcaption" size="sm" mt={4}>
        <Anchor component={Link} to={reportLink}>
          Open the sales report
        </Anchor>
      </Text>
    </figure>
  );
}

/** What a screen reader hears for a chart: its title and each bar's figure. */
function describe(spec: ChartSpec, bars: ChartBar[]): string {
  const figures = bars.map((bar) => `${bar.name}: ${inr(bar.total)}`).join('; ');
  return `${spec.title}, bar chart. ${figures}. The Table view lists the same figures.`;
}

/** Axis ticks in lakhs and thousands: ₹1.2L, ₹45k. */
function shortRupees(value: number): string {
  if (Math.abs(value) >= 100_000) return `₹${(value / 100_000).toFixed(1).replace(/\.0$/, '')}L`;
  if (Math.abs(value) >= 1000) return `₹${Math.round(value / 1000)}k`;
  return `₹${value}`;
}
