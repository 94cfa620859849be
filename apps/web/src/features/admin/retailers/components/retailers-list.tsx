import '@mantine/core/styles/Table.css';
import { RETAILER_STANDINGS, type RetailerStanding } from '@frameport/domain';
import { ADMIN_RETAILER_SORTS, type AdminRetailerRow, type AdminRetailerSort, type AdminRetailersResponse } from '@frameport/domain/contract/admin-retailers';
import { Button, CloseButton, Group, NativeSelect, Skeleton, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { useUrlParams } from '../../../../lib/use-url-params.ts';
import { dateAndTimeIndia, inr } from '../../admin-display.ts';
import { adminQueries } from '../../api.ts';
import desk from '../../components/desk-table.module.css';
import { DeskListFooter } from '../../components/desk-pagination.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useStaffRole } from '../../staff-role.ts';
import { fetchRetailersCsv, retailerQueries } from '../api.ts';
import {
  clearedFilters,
  exportQueryOf,
  hasFilters,
  listQueryOf,
  readRetailerFilters,
  retailerSearchParams,
  RETAILERS_PAGE_SIZE,
  type RetailerFilters,
} from '../list-url.ts';
import { retailerTexts as text } from '../texts.ts';
import { StandingBadge } from './standing-badge.tsx';
import classes from './retailers-list.module.css';
import { onOpenableRowKeyDown } from '../../components/row-keys.ts';

const SORT_LABELS: Record<AdminRetailerSort, string> = {
  name: 'Name',
  city: 'City',
  createdAt: 'Newest first',
  outstanding: 'Outstanding, largest first',
};
const SKELETON_ROWS = 8;
const COLUMNS = 7;

/**
 * The retailers desk's list (/admin/retailers; admin and accounts): standing tabs with counts,
 * search (`/` focuses it), filters by state and sales executive, sort and page, all in the URL (so
 * the dashboard links to `?status=Pending`); a dense table (stacked cards on a phone) whose rows
 * open the retailer on Enter or click; the CSV export of every matching row. Admins add retailers.
 */
export function RetailersList() {
  const [searchParams, writeUrl] = useUrlParams();
  const filters = readRetailerFilters(searchParams);
  const list = useQuery(retailerQueries.list(listQueryOf(filters)));
  const states = useQuery(adminQueries.states());
  const role = useStaffRole();
  const [exporting, setExporting] = useState(false);

  /** A change to the filters, worked out from the latest URL written (see useUrlParams). */
  const apply = (next: (latest: RetailerFilters) => RetailerFilters, options: { replace?: boolean } = {}) =>
    writeUrl((latest) => retailerSearchParams(next(readRetailerFilters(latest))), options);
  const change = (patch: Partial<RetailerFilters>) => apply((latest) => ({ ...latest, ...patch, page: 1 }));

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / (data.pageSize || RETAILERS_PAGE_SIZE))) : 1;

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await fetchRetailersCsv(exportQueryOf(filters)), `retailers-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      notifyError(`${text.exportFailed}: ${getErrorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <title>Retailers · Frameport back office</title>
      <div className={classes.head}>
        <Title order={1} fz="h3">
          {text.listTitle}
        </Title>
        <div className={classes.headActions}>
          <Button
            size="sm"
            variant="default"
            className={classes.thumbButton}
            leftSection={<IconDownload size={16} aria-hidden="true" />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {text.exportCsv}
          </Button>
          {role === 'admin' && (
            <Button component={Link} to={ADMIN_LINKS.newRetailer} size="sm" className={classes.thumbButton} leftSection={<IconPlus size={16} aria-hidden="true" />}>
              {text.newRetailer}
            </Button>
          )}
        </div>
      </div>
      {role === 'accounts' && (
        <Text size="sm" c="dimmed" mt={4}>
          {text.accountsNote}
        </Text>
      )}

      <StandingTabs filters={filters} counts={data?.counts ?? null} />

      <div className={classes.filters} role="search" aria-label="Filter retailers">
        <SearchBox
          className={`${classes.search} ${desk.thumb}`}
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={filters.q}
          onSearch={(q) => apply((latest) => ({ ...latest, q, page: 1 }), { replace: true })}
        />
        <NativeSelect
          label="State"
          size="xs"
          className={desk.thumb}
          value={filters.stateId === null ? '' : String(filters.stateId)}
          onChange={(event) => change({ stateId: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
          data={[
            { value: '', label: states.isPending ? 'Loading states…' : 'All states' },
            ...(states.data ?? []).map((state) => ({ value: String(state.StateID), label: state.StateName })),
          ]}
        />
        {role === 'admin' ? (
          <SalesExecutiveSelect value={filters.salesExecutiveId} onChange={(salesExecutiveId) => change({ salesExecutiveId })} />
        ) : (
          filters.salesExecutiveId !== null && (
            <SalesExecutiveFilter name={salesExecutiveName(data?.retailers ?? [])} onClear={() => change({ salesExecutiveId: null })} />
          )
        )}
        <NativeSelect
          label="Sort"
          size="xs"
          className={desk.thumb}
          value={filters.sort}
          onChange={(event) => change({ sort: event.currentTarget.value as AdminRetailerSort })}
          data={ADMIN_RETAILER_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
        <Button size="xs" variant="default" className={classes.thumbButton} disabled={!hasFilters(filters)} onClick={() => apply(clearedFilters)}>
          {text.clearFilters}
        </Button>
      </div>

      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError && data === undefined ? (
        <LoadError title={text.loadFailed} {...retryQuery(list)} />
      ) : data === undefined || data.retailers.length === 0 ? (
        <EmptyState
          title={hasFilters(filters) || filters.status !== null ? text.noMatch : text.noRetailers}
          description={hasFilters(filters) ? text.tryOther : undefined}
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
          <RetailersTable retailers={data.retailers} stale={list.isPlaceholderData} />
          <DeskListFooter summary={showing(data)} page={filters.page} pages={pages} onChange={(page) => apply((latest) => ({ ...latest, page }))} />
        </>
      )}
    </>
  );
}

/**
 * The chosen sales executive's name: the one name every listed retailer shares (the list holds
 * names, not ids); null when that is not one name (no rows, or every row has the same two).
 */
export function salesExecutiveName(rows: AdminRetailerRow[]): string | null {
  if (rows.length === 0) return null;
  const shared = rows.slice(1).reduce((names, row) => names.filter((name) => row.salesExecutives.includes(name)), rows[0]!.salesExecutives);
  return shared.length === 1 ? shared[0]! : null;
}

/** An admin chooses among every sales executive (the list of them is an admin's call). */
function SalesExecutiveSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const options = useQuery(retailerQueries.salesExecutiveOptions());
  const known = options.data ?? [];
  return (
    <NativeSelect
      label="Sales executive"
      size="xs"
      className={desk.thumb}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))}
      data={[
        { value: '', label: options.isPending ? 'Loading…' : options.isError ? 'All (the list could not be loaded)' : 'All sales executives' },
        ...known.map((executive) => ({ value: String(executive.id), label: executive.active ? executive.name : `${executive.name} (inactive)` })),
        // A link's choice that the list does not hold (yet) stays shown.
        ...(value !== null && !known.some((executive) => executive.id === value) ? [{ value: String(value), label: options.isPending ? 'Loading…' : 'The chosen one' }] : []),
      ]}
    />
  );
}

/**
 * Accounts staff may not list sales executives (an admin's call): a link's filter (the
 * dashboard's, a retailer page's) shows who it is and a way to drop it.
 */
function SalesExecutiveFilter({ name, onClear }: { name: string | null; onClear: () => void }) {
  return (
    <div className={classes.chip}>
      <Text size="xs" fw={500} component="span">
        Sales executive
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" truncate="end">
          {name ?? 'The chosen one'}
        </Text>
        <CloseButton size="sm" aria-label="Show every sales executive’s retailers" onClick={onClear} />
      </Group>
    </div>
  );
}

function showing(data: AdminRetailersResponse): string {
  const first = (data.pageNumber - 1) * data.pageSize + 1;
  const last = first + data.retailers.length - 1;
  return `Showing ${first}–${last} of ${data.totalCount} ${data.totalCount === 1 ? 'retailer' : 'retailers'}`;
}

/** All and one tab per standing, each with its count under the other filters; links, so Back works. */
function StandingTabs({ filters, counts }: { filters: RetailerFilters; counts: AdminRetailersResponse['counts'] | null }) {
  const total = counts === null ? null : Object.values(counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const tab = (status: RetailerStanding | null, label: string, count: number | null) => {
    const active = filters.status === status;
    const search = retailerSearchParams({ ...filters, status, page: 1 }).toString();
    return (
      <Button
        key={label}
        component={Link}
        to={search === '' ? '?' : `?${search}`}
        size="compact-sm"
        variant={active ? 'filled' : 'default'}
        aria-current={active ? 'page' : undefined}
        className={`tabular ${classes.thumbButton}`}
      >
        {label}
        {count !== null && ` (${count})`}
      </Button>
    );
  };
  return (
    <nav aria-label="Retailer status" className={classes.tabs}>
      {tab(null, 'All', total)}
      {RETAILER_STANDINGS.map((status) => tab(status, status, counts === null ? null : (counts[status] ?? 0)))}
    </nav>
  );
}

function RetailersTable({ retailers, stale }: { retailers: AdminRetailerRow[]; stale: boolean }) {
  const navigate = useNavigate();
  const open = (row: AdminRetailerRow) => void navigate(ADMIN_LINKS.retailer(row.id));

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: AdminRetailerRow) => onOpenableRowKeyDown(event, () => open(row));

  return (
    <div className={`${desk.frame} ${stale ? desk.stale : ''}`} aria-busy={stale}>
      <Table className={`${desk.table} ${classes.list}`} aria-label="Retailers" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Retailer</Table.Th>
            <Table.Th>Contact</Table.Th>
            <Table.Th>City</Table.Th>
            <Table.Th>GSTIN</Table.Th>
            <Table.Th>Sales executive</Table.Th>
            <Table.Th ta="right">Outstanding</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {retailers.map((row) => (
            <Table.Tr
              key={row.id}
              className={desk.row}
              tabIndex={0}
              aria-label={`${row.businessName}, ${row.city}, ${row.standing}`}
              onClick={(event) => {
                if (!(event.target instanceof Element && event.target.closest('a'))) open(row);
              }}
              onKeyDown={(event) => onKeyDown(event, row)}
            >
              <Table.Td className={desk.ref}>
                {/* For a middle-click or a copied link; the row itself takes the keyboard. */}
                <Link to={ADMIN_LINKS.retailer(row.id)} tabIndex={-1}>
                  {row.businessName}
                </Link>
                <Text size="xs" c="dimmed" fw={400}>
                  Since {dateAndTimeIndia(row.createdAt).date}
                </Text>
              </Table.Td>
              <Table.Td data-label="Contact">
                <div>
                  <Text span size="sm">
                    {row.contactName}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {row.email} · {row.phone}
                  </Text>
                </div>
              </Table.Td>
              <Table.Td data-label="City">{[row.city, row.stateName].filter(Boolean).join(', ')}</Table.Td>
              <Table.Td data-label="GSTIN" className={desk.nowrap}>
                {row.gstin ?? '—'}
              </Table.Td>
              <Table.Td data-label="Sales executive">{row.salesExecutives.length === 0 ? '—' : row.salesExecutives.join(', ')}</Table.Td>
              <Table.Td data-label="Outstanding" className={desk.num} fw={600}>
                {inr(row.outstanding)}
              </Table.Td>
              <Table.Td className={desk.status}>
                <StandingBadge standing={row.standing} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The table's shape while the first page loads (nothing jumps when it arrives). */
function ListSkeleton() {
  return (
    <div className={desk.frame} role="status" aria-label="Loading retailers">
      <Table className={desk.table} verticalSpacing={6} horizontalSpacing="sm" aria-hidden="true">
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <Table.Tr key={row}>
              {Array.from({ length: COLUMNS }, (_, cell) => (
                <Table.Td key={cell}>
                  <Skeleton height={14} my={4} width={cell === 0 ? '80%' : '60%'} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
