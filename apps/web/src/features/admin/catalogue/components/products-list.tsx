import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import { ADMIN_PRODUCT_SORTS, type AdminProductRow, type AdminProductsResponse, type CatalogueMasters } from '@frameport/domain/contract/admin-catalogue';
import { Badge, Button, Checkbox, NativeSelect, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustmentsHorizontal, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from '../../../../lib/router.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError, RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { useUrlParams } from '../../../../lib/use-url-params.ts';
import { formatDay, inr } from '../../order/order-display.ts';
import { useStaffRole } from '../../staff-role.ts';
import { catalogueQueries, useBulkActive } from '../api.ts';
import {
  AVAILABILITIES,
  clearedFilters,
  filterCount,
  hasFilters,
  listQueryOf,
  listSearchParams,
  PRODUCTS_PAGE_SIZE,
  readListFilters,
  type IdFilter,
  type ListFilters,
} from '../list-url.ts';
import { catalogueTexts as text } from '../texts.ts';
import desk from '../../components/desk-table.module.css';
import { DeskListFooter } from '../../components/desk-pagination.tsx';
import classes from './products-list.module.css';
import { SearchBox } from '../../components/search-box.tsx';

const SORT_LABELS: Record<(typeof ADMIN_PRODUCT_SORTS)[number], string> = {
  newest: 'Newest first',
  model: 'Model number',
  name: 'Name',
  priceAsc: 'Price, low to high',
  priceDesc: 'Price, high to low',
  stockAsc: 'Stock, lowest first',
  updated: 'Recently changed',
};
const AVAILABILITY_LABELS: Record<(typeof AVAILABILITIES)[number], string> = {
  inStock: 'In stock',
  lowStock: 'Low stock',
  outOfStock: 'Out of stock',
};
const ID_FILTER_FIELDS: { key: IdFilter; label: string; all: string; options: (masters: CatalogueMasters) => { id: number; name: string }[] }[] = [
  { key: 'brandId', label: 'Brand', all: 'All brands', options: (m) => m.brands },
  { key: 'productTypeId', label: 'Type', all: 'All types', options: (m) => m.productTypes },
  { key: 'frameShapeId', label: 'Shape', all: 'All shapes', options: (m) => m.frameShapes },
  { key: 'materialId', label: 'Material', all: 'All materials', options: (m) => m.materials },
  { key: 'genderId', label: 'Gender', all: 'Everyone', options: (m) => m.genders },
];
const SKELETON_ROWS = 8;

/**
 * The catalogue desk's list of styles (/admin/products): search (`/` focuses it), filters, sort and
 * page in the URL; a dense table (stacked cards on a phone) whose rows open the style on Enter or
 * click; admins select styles to activate or deactivate them (asks first) and add a new style.
 * Warehouse staff read the list.
 */
export function ProductsList() {
  const [searchParams, writeUrl] = useUrlParams();
  const filters = readListFilters(searchParams);
  const list = useQuery(catalogueQueries.list(listQueryOf(filters)));
  const masters = useQuery(catalogueQueries.masters());
  const role = useStaffRole();
  const isAdmin = role === 'admin';
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState<'activate' | 'deactivate' | null>(null);
  // On a phone the filters fold away under a button (the search stays): the list is what matters there.
  const [filtersShown, setFiltersShown] = useState(false);
  const narrowing = filterCount(filters);
  const bulk = useBulkActive();

  /** A change to the filters, worked out from the latest URL written (see useUrlParams). */
  const apply = (next: (latest: ListFilters) => ListFilters, options: { replace?: boolean } = {}) => {
    setSelected(new Set());
    writeUrl((latest) => listSearchParams(next(readListFilters(latest))), options);
  };
  const change = (patch: Partial<ListFilters>) => apply((latest) => ({ ...latest, ...patch, page: 1 }));

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / (data.pageSize || PRODUCTS_PAGE_SIZE))) : 1;

  const runBulk = () => {
    if (asking === null) return;
    const action = asking;
    bulk.mutate(
      { ids: [...selected], action },
      {
        onSuccess: (result) => {
          setAsking(null);
          setSelected(new Set());
          notifications.show({ message: text.bulkDone(action, result.changed, result.unchanged), autoClose: RESULT_TOAST_MS });
        },
        onError: (error) => {
          setAsking(null);
          notifyError(getErrorMessage(error));
        },
      },
    );
  };

  return (
    <>
      <title>Catalogue · Frameport back office</title>
      <div className={classes.head}>
        <Title order={1} fz="h3">
          {text.listTitle}
        </Title>
        {isAdmin && (
          <Button component={Link} to={ADMIN_LINKS.newProduct} size="sm" leftSection={<IconPlus size={16} aria-hidden="true" />}>
            {text.newStyle}
          </Button>
        )}
      </div>
      {role === 'warehouse' && (
        <Text size="sm" c="dimmed" mt={4}>
          {text.readOnly}
        </Text>
      )}

      <div className={classes.filters} role="search" aria-label="Filter styles" style={{ marginBlock: 'var(--mantine-spacing-sm)' }}>
        <SearchBox
          className={classes.search}
          label={text.searchLabel}
          placeholder={text.searchPlaceholder}
          value={filters.q}
          onSearch={(q) => apply((latest) => ({ ...latest, q, page: 1 }), { replace: true })}
        />
        <Button
          className={classes.filtersToggle}
          size="xs"
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={14} aria-hidden="true" />}
          aria-expanded={filtersShown}
          aria-controls="style-filters"
          onClick={() => setFiltersShown((shown) => !shown)}
        >
          {narrowing === 0 ? 'Filters and sort' : `Filters and sort (${narrowing})`}
        </Button>
        <div id="style-filters" className={`${classes.more} ${filtersShown ? classes.shown : ''}`}>
          {ID_FILTER_FIELDS.map((field) => (
            <NativeSelect
              key={field.key}
              label={field.label}
              size="xs"
              value={filters[field.key] === null ? '' : String(filters[field.key])}
              onChange={(event) => change({ [field.key]: event.currentTarget.value === '' ? null : Number(event.currentTarget.value) })}
              data={[
                { value: '', label: masters.isPending ? 'Loading…' : field.all },
                ...(masters.data ? field.options(masters.data) : []).map((option) => ({ value: String(option.id), label: option.name })),
              ]}
            />
          ))}
          <NativeSelect
            label="Availability"
            size="xs"
            value={filters.availability ?? ''}
            onChange={(event) => change({ availability: (event.currentTarget.value || null) as ListFilters['availability'] })}
            data={[{ value: '', label: 'Any stock' }, ...AVAILABILITIES.map((value) => ({ value, label: AVAILABILITY_LABELS[value] }))]}
          />
          <NativeSelect
            label="Status"
            size="xs"
            value={filters.active}
            onChange={(event) => change({ active: event.currentTarget.value as ListFilters['active'] })}
            data={[
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
              { value: 'all', label: 'Active and inactive' },
            ]}
          />
          <NativeSelect
            label="Sort"
            size="xs"
            value={filters.sort}
            onChange={(event) => change({ sort: event.currentTarget.value as ListFilters['sort'] })}
            data={ADMIN_PRODUCT_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
          />
          <Button size="xs" variant="default" disabled={!hasFilters(filters)} onClick={() => apply(clearedFilters)}>
            {text.clearFilters}
          </Button>
        </div>
      </div>

      {isAdmin && (
        <div className={classes.bulk} aria-live="polite">
          <Text size="sm" c={selected.size === 0 ? 'dimmed' : undefined}>
            {text.selected(selected.size)}
          </Text>
          <Button size="compact-sm" variant="default" disabled={selected.size === 0} onClick={() => setAsking('deactivate')}>
            {text.deactivate}
          </Button>
          <Button size="compact-sm" variant="default" disabled={selected.size === 0} onClick={() => setAsking('activate')}>
            {text.activate}
          </Button>
        </div>
      )}

      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError && data === undefined ? (
        <LoadError title={text.loadFailed} {...retryQuery(list)} />
      ) : data === undefined || data.products.length === 0 ? (
        <EmptyState
          title={hasFilters(filters) ? text.noMatch : text.noStyles}
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
          <ProductsTable
            products={data.products}
            stale={list.isPlaceholderData}
            selectable={isAdmin}
            selected={selected}
            onSelect={setSelected}
          />
          <DeskListFooter summary={showing(data)} page={filters.page} pages={pages} onChange={(page) => apply((latest) => ({ ...latest, page }))} />
        </>
      )}

      <ConfirmDialog
        opened={asking !== null}
        title={asking === 'activate' ? 'Activate styles' : 'Deactivate styles'}
        message={asking === null ? '' : text.confirmBulk(asking, selected.size)}
        confirmLabel={asking === 'activate' ? text.activate : text.deactivate}
        destructive={asking !== 'activate'}
        busy={bulk.isPending}
        onConfirm={runBulk}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}

function showing(data: AdminProductsResponse): string {
  const first = (data.pageNumber - 1) * data.pageSize + 1;
  const last = first + data.products.length - 1;
  return `Showing ${first}–${last} of ${data.totalCount} ${data.totalCount === 1 ? 'style' : 'styles'}`;
}

type TableProps = {
  products: AdminProductRow[];
  stale: boolean;
  selectable: boolean;
  selected: ReadonlySet<number>;
  onSelect: (next: ReadonlySet<number>) => void;
};

function ProductsTable({ products, stale, selectable, selected, onSelect }: TableProps) {
  const navigate = useNavigate();
  const open = (row: AdminProductRow) => void navigate(ADMIN_LINKS.product(row.id));
  const allSelected = products.every((row) => selected.has(row.id));
  const someSelected = products.some((row) => selected.has(row.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: AdminProductRow) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      open(row);
    } else if (event.key === ' ' && selectable) {
      event.preventDefault();
      toggle(row.id);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const sibling = event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
      if (sibling instanceof HTMLElement) sibling.focus();
    }
  };

  return (
    <div className={`${desk.frame} ${stale ? desk.stale : ''}`} aria-busy={stale}>
      <Table className={`${desk.table} ${selectable ? classes.styles : classes.stylesReadOnly}`} aria-label="Styles" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th>
                <Checkbox
                  size="xs"
                  aria-label="Select every style on this page"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  onChange={() => onSelect(allSelected ? new Set() : new Set(products.map((row) => row.id)))}
                />
              </Table.Th>
            )}
            <Table.Th>
              <VisuallyHidden>Image</VisuallyHidden>
            </Table.Th>
            <Table.Th>Model</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Brand</Table.Th>
            <Table.Th ta="right">Net price</Table.Th>
            <Table.Th ta="right">GST</Table.Th>
            <Table.Th ta="right">Colours</Table.Th>
            <Table.Th ta="right">Stock</Table.Th>
            <Table.Th>Next price</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((row) => (
            <Table.Tr
              key={row.id}
              className={desk.row}
              tabIndex={0}
              aria-label={`${row.modelNumber}, ${row.productName}, ${row.isActive ? text.active : text.inactive}`}
              aria-selected={selectable ? selected.has(row.id) : undefined}
              onClick={(event) => {
                if (!(event.target instanceof Element && event.target.closest('a, input, label'))) open(row);
              }}
              onKeyDown={(event) => onKeyDown(event, row)}
            >
              {selectable && (
                <Table.Td className={desk.top}>
                  <Checkbox size="xs" aria-label={`Select ${row.modelNumber}`} checked={selected.has(row.id)} onChange={() => toggle(row.id)} />
                </Table.Td>
              )}
              <Table.Td className={desk.top}>
                {row.thumbnailUrl ? (
                  <img className={classes.thumb} src={row.thumbnailUrl} alt="" width={48} height={32} loading="lazy" />
                ) : (
                  <span className={classes.thumb} aria-hidden="true" />
                )}
              </Table.Td>
              <Table.Td className={desk.ref}>
                <Link to={ADMIN_LINKS.product(row.id)} tabIndex={-1}>
                  {row.modelNumber}
                </Link>
              </Table.Td>
              <Table.Td data-label="Name">{row.productName}</Table.Td>
              <Table.Td data-label="Brand">{row.brand}</Table.Td>
              <Table.Td data-label="Net price" className={desk.num} fw={600}>
                {inr(row.netPrice)}
              </Table.Td>
              <Table.Td data-label="GST" className={desk.num}>
                {row.gstRatePercent} %
              </Table.Td>
              <Table.Td data-label="Colours" className={desk.num}>
                {row.colourCount}
              </Table.Td>
              <Table.Td data-label="Stock" className={desk.num}>
                {row.totalStock}
                {row.lowStockColours > 0 && (
                  <Badge ml={6} size="sm" color="#8a4b00" variant="filled">
                    {text.lowStock(row.lowStockColours)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td data-label="Next price">
                {row.nextPrice === null ? '—' : `${inr(row.nextPrice.netPrice)} from ${formatDay(row.nextPrice.effectiveFrom)}`}
              </Table.Td>
              <Table.Td className={desk.status}>
                <Badge size="sm" variant={row.isActive ? 'filled' : 'outline'} color={row.isActive ? '#1e6b31' : 'gray.7'}>
                  {row.isActive ? text.active : text.inactive}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className={desk.frame} role="status" aria-label="Loading styles">
      <Table className={desk.table} verticalSpacing={6} horizontalSpacing="sm" aria-hidden="true">
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <Table.Tr key={row}>
              {Array.from({ length: 8 }, (_, cell) => (
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
