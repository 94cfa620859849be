import '@mantine/core/styles/Table.css';
import { ORDER_STATUSES, type OrderStatus } from '@frameport/domain';
import { adminTexts } from '../texts.ts';
import type { AdminOrderRow, AdminOrdersResponse } from '@frameport/domain/contract/admin-orders';
import { Button, Group, NativeSelect, Skeleton, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent } from 'react';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../config/paths.ts';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { dateAndTimeIndia, inr } from '../admin-display.ts';
import { adminQueries } from '../api.ts';
import { EInvoiceDownload } from '../order/components/e-invoice-download.tsx';
import { useStaffRole } from '../staff-role.ts';
import { clearedFilters, hasFilters, QUEUE_PAGE_SIZE, queueQueryOf, queueSearchParams, readQueueFilters, type QueueFilters } from '../queue-url.ts';
import desk from './desk-table.module.css';
import { DeskListFooter } from './desk-pagination.tsx';
import { SearchBox } from './search-box.tsx';
import classes from './order-queue.module.css';
import { StatusBadge } from './status-badge.tsx';
import { onOpenableRowKeyDown } from './row-keys.ts';

const SKELETON_ROWS = 8;
const COLUMNS = 7;
const text = adminTexts;

/**
 * The order desk's queue (/admin/orders): status tabs with counts, search (`/` focuses it),
 * filters by state and placing date, all in the URL; a dense table of orders (stacked cards on a
 * phone) whose rows open the order on Enter or click; pages of 50. Admin and accounts also get
 * E-invoices: the e-invoice JSON of the invoices dated in a range.
 */
export function OrderQueue() {
  const [searchParams, writeUrl] = useUrlParams();
  const filters = readQueueFilters(searchParams);
  const queue = useQuery(adminQueries.queue(queueQueryOf(filters)));
  const states = useQuery(adminQueries.states());
  const role = useStaffRole();

  /** A change to the filters, worked out from the latest URL written (see useUrlParams). */
  const apply = (next: (latest: QueueFilters) => QueueFilters, options: { replace?: boolean } = {}) =>
    writeUrl((latest) => queueSearchParams(next(readQueueFilters(latest))), options);
  const change = (patch: Partial<QueueFilters>) => apply((latest) => ({ ...latest, ...patch, page: 1 }));

  const data = queue.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / (data.pageSize || QUEUE_PAGE_SIZE))) : 1;

  return (
    <>
      <title>Orders · Frameport back office</title>
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={1} fz="h3">
          Orders
        </Title>
        {(role === 'admin' || role === 'accounts') && <EInvoiceDownload />}
      </Group>

      <StatusTabs filters={filters} counts={data?.counts ?? null} />

      <div className={classes.filters} role="search" aria-label="Filter orders" style={{ marginBlock: 'var(--mantine-spacing-sm)' }}>
        <SearchBox
          className={classes.search}
          label="Search orders"
          placeholder="Order ref, retailer, email or GSTIN"
          value={filters.q} onSearch={(q) => apply((latest) => ({ ...latest, q, page: 1 }), { replace: true })} />
        <NativeSelect
          label="State"
          size="xs"
          value={filters.stateId === null ? '' : String(filters.stateId)}
          onChange={(event) => change({ stateId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
          data={[
            { value: '', label: states.isPending ? 'Loading states…' : 'All states' },
            ...(states.data ?? []).map((state) => ({ value: String(state.StateID), label: state.StateName })),
          ]}
        />
        <TextInput
          label="Placed from"
          type="date"
          size="xs"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => change({ from: event.currentTarget.value })}
        />
        <TextInput
          label="Placed to"
          type="date"
          size="xs"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => change({ to: event.currentTarget.value })}
        />
        <Button size="xs" variant="default" disabled={!hasFilters(filters)} onClick={() => apply(clearedFilters)}>
          {text.clearFilters}
        </Button>
      </div>

      {queue.isPending ? (
        <QueueSkeleton />
      ) : queue.isError && data === undefined ? (
        <LoadError title={text.queueLoadFailed} {...retryQuery(queue)} />
      ) : data === undefined || data.orders.length === 0 ? (
        <EmptyState
          title={hasFilters(filters) || filters.status !== null ? text.noOrdersMatch : text.noOrders}
          description={hasFilters(filters) ? text.tryOtherFilters : undefined}
          action={
            hasFilters(filters) ? (
              <Button variant="default" onClick={() => apply(clearedFilters)}>
                {text.clearFilters}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <QueueTable orders={data.orders} stale={queue.isPlaceholderData} />
          <DeskListFooter summary={showing(data)} page={filters.page} pages={pages} onChange={(page) => apply((latest) => ({ ...latest, page }))} />
        </>
      )}
    </>
  );
}

function showing(data: AdminOrdersResponse): string {
  const first = (data.pageNumber - 1) * data.pageSize + 1;
  const last = first + data.orders.length - 1;
  return `Showing ${first}–${last} of ${data.totalCount} ${data.totalCount === 1 ? 'order' : 'orders'}`;
}

/** All and one tab per status, each with its count under the other filters; links, so Back works. */
function StatusTabs({ filters, counts }: { filters: QueueFilters; counts: AdminOrdersResponse['counts'] | null }) {
  const total = counts === null ? null : Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const tab = (status: OrderStatus | null, label: string, count: number | null | undefined) => {
    const active = filters.status === status;
    const search = queueSearchParams({ ...filters, status, page: 1 }).toString();
    return (
      <Button
        key={label}
        component={Link}
        to={search === '' ? '?' : `?${search}`}
        size="compact-sm"
        variant={active ? 'filled' : 'default'}
        aria-current={active ? 'page' : undefined}
        className="tabular"
      >
        {label}
        {count !== null && count !== undefined && ` (${count})`}
      </Button>
    );
  };
  return (
    <nav aria-label="Order status" className={classes.tabs}>
      {tab(null, 'All', total)}
      {ORDER_STATUSES.map((status) => tab(status, status, counts === null ? null : (counts[status] ?? 0)))}
    </nav>
  );
}

function QueueTable({ orders, stale }: { orders: AdminOrderRow[]; stale: boolean }) {
  const navigate = useNavigate();
  const open = (row: AdminOrderRow) => void navigate(ADMIN_LINKS.order(row.id));

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: AdminOrderRow) => onOpenableRowKeyDown(event, () => open(row));

  return (
    <div className={`${desk.frame} ${stale ? desk.stale : ''}`} aria-busy={stale}>
      <Table className={`${desk.table} ${classes.queue}`} aria-label="Orders" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th>Placed</Table.Th>
            <Table.Th>Retailer</Table.Th>
            <Table.Th>Sales executive</Table.Th>
            <Table.Th ta="right">Pcs</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((row) => {
            const placed = dateAndTimeIndia(row.placedAt);
            return (
              <Table.Tr
                key={row.id}
                className={desk.row}
                tabIndex={0}
                aria-label={`Order ${row.orderRefNo}, ${row.retailerName}, ${row.status}`}
                onClick={(event) => {
                  if (!(event.target instanceof Element && event.target.closest('a'))) open(row);
                }}
                onKeyDown={(event) => onKeyDown(event, row)}
              >
                <Table.Td className={desk.ref}>
                  {/* For a middle-click or a copied link; the row itself takes the keyboard. */}
                  <Link to={ADMIN_LINKS.order(row.id)} tabIndex={-1}>
                    {row.orderRefNo}
                  </Link>
                </Table.Td>
                <Table.Td data-label="Placed" className={desk.nowrap}>
                  {placed.date}{' '}
                  <Text span size="xs" c="dimmed">
                    {placed.time}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Retailer">
                  <div>
                    <Text span size="sm" fw={500}>
                      {row.retailerName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[row.city, row.stateName].filter(Boolean).join(', ')}
                    </Text>
                  </div>
                </Table.Td>
                <Table.Td data-label="Sales executive">{row.salesExecutives.length === 0 ? '—' : row.salesExecutives.join(', ')}</Table.Td>
                <Table.Td data-label="Pcs" className={desk.num}>
                  {row.totalQuantity}
                  {row.dispatchedQuantity > 0 && row.dispatchedQuantity < row.totalQuantity && (
                    <Text size="xs" c="dimmed">
                      {row.dispatchedQuantity} sent
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label="Total" className={desk.num} fw={600}>
                  {inr(row.total)}
                </Table.Td>
                <Table.Td className={desk.status}>
                  <StatusBadge status={row.status} holdKind={row.holdKind} holdReason={row.holdReason} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The table's shape while the first page loads (nothing jumps when it arrives). */
function QueueSkeleton() {
  return (
    <div className={desk.frame} role="status" aria-label="Loading orders">
      <Table className={desk.table} verticalSpacing={6} horizontalSpacing="sm" aria-hidden="true">
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <Table.Tr key={row}>
              {Array.from({ length: COLUMNS }, (_, cell) => (
                <Table.Td key={cell}>
                  <Skeleton height={14} my={4} width={cell === 2 ? '80%' : '60%'} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
