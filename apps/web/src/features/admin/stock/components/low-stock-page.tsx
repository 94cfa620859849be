import '@mantine/core/styles/Table.css';
import { catalogueDeskMessages } from '@frameport/domain';
import type { LowStockRow } from '@frameport/domain/contract/admin-catalogue';
import { Button, NativeSelect, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { useUrlParams } from '../../../../lib/use-url-params.ts';
import { todayInIndia } from '../../order/order-display.ts';
import { fetchLowStockCsv, stockQueries, type LowStockFilters } from '../api.ts';
import { stockTexts as text } from '../texts.ts';
import { DeskListFooter } from '../../components/desk-pagination.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { AdjustStockDialog, type AdjustTarget } from './adjust-stock-dialog.tsx';
import classes from '../../components/desk-table.module.css';
import { StockStatus } from '../stock-panel.tsx';

export const LOW_STOCK_PAGE_SIZE = 100;

const positiveInt = (value: string | null, min = 1): number | undefined => {
  if (value === null || !/^\d{1,6}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min ? n : undefined;
};

/** The view's state from the URL (a link can be shared, Back works); anything malformed is dropped. */
export function readLowStockFilters(params: URLSearchParams): Required<Pick<LowStockFilters, 'pageNumber'>> & LowStockFilters {
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const threshold = positiveInt(params.get('threshold'), 0);
  return {
    ...(q === '' ? {} : { q }),
    ...(positiveInt(params.get('brandId')) === undefined ? {} : { brandId: positiveInt(params.get('brandId')) }),
    ...(threshold === undefined || threshold > 100_000 ? {} : { threshold }),
    pageNumber: positiveInt(params.get('page')) ?? 1,
  };
}

/**
 * /admin/stock: colours at or below their low-stock threshold (their own, else the default), or
 * below one typed here for every colour; search, brand, paging in the URL; CSV export of the same
 * list; Adjust from a row (a delivery usually).
 */
export function LowStockPage() {
  const [params, writeUrl] = useUrlParams();
  const filters = readLowStockFilters(params);
  const query = useQuery(stockQueries.lowStock({ ...filters, pageSize: LOW_STOCK_PAGE_SIZE }));
  const brands = useQuery(stockQueries.brands());
  const brandOptions = brands.data ?? [];
  const [target, setTarget] = useState<AdjustTarget | null>(null);
  const [exporting, setExporting] = useState(false);

  const apply = (next: Partial<Record<'q' | 'brandId' | 'threshold' | 'page', string>>) =>
    writeUrl((latest) => {
      const merged = new URLSearchParams(latest);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined || value === '' || (key === 'page' && value === '1')) merged.delete(key);
        else merged.set(key, value);
      }
      if (!('page' in next)) merged.delete('page');
      return merged;
    }, { replace: !('page' in next) });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { pageNumber: _page, ...rest } = filters;
      saveFile(await fetchLowStockCsv(rest), catalogueDeskMessages.stock.csvFileName(todayInIndia()));
    } catch (error) {
      notifyError(getErrorMessage(error), text.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  const filtered = filters.q !== undefined || filters.brandId !== undefined || filters.threshold !== undefined;
  const defaultThreshold = query.data?.defaultThreshold;

  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        {text.lowStockTitle}
      </Title>
      <div className={classes.toolbar} role="search" aria-label="Filter low stock">
        <SearchBox
          className={classes.grow}
          size="sm"
          label="Search"
          placeholder="Model number, name or brand"
          value={filters.q ?? ''}
          onSearch={(q) => apply({ q })}
        />
        <NativeSelect
          label="Brand"
          value={filters.brandId === undefined ? '' : String(filters.brandId)}
          onChange={(event) => apply({ brandId: event.currentTarget.value })}
          data={[{ value: '', label: 'All brands' }, ...brandOptions.map((brand) => ({ value: String(brand.Id), label: brand.Name }))]}
        />
        <ThresholdBox key={filters.threshold ?? ''} value={filters.threshold} defaultThreshold={defaultThreshold} onApply={(threshold) => apply({ threshold })} />
        <Button variant="outline" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={exporting} onClick={() => void exportCsv()}>
          {text.exportCsv}
        </Button>
      </div>
      {query.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label={text.lowStockTitle}>
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={34} />
          ))}
        </Stack>
      ) : query.isError ? (
        <LoadError title={text.lowStockLoadFailed} {...retryQuery(query)} />
      ) : query.data.rows.length === 0 ? (
        <EmptyState
          title={filtered ? text.noLowStockMatch : text.noLowStock}
          action={
            filtered ? (
              <Button variant="default" onClick={() => writeUrl(() => new URLSearchParams(), { replace: true })}>
                {text.clearFilters}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <LowStockTable rows={query.data.rows} stale={query.isPlaceholderData} onAdjust={setTarget} />
          <DeskListFooter
            spaced={false}
            summary={`${query.data.totalCount.toLocaleString('en-IN')} ${query.data.totalCount === 1 ? 'colour' : 'colours'} at or below ${filters.threshold === undefined ? 'their threshold' : filters.threshold}`}
            page={filters.pageNumber}
            pages={Math.ceil(query.data.totalCount / LOW_STOCK_PAGE_SIZE)}
            onChange={(page) => apply({ page: String(page) })}
          />
        </>
      )}
      <AdjustStockDialog key={target?.productColourId ?? 'closed'} target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

function ThresholdBox({ value, defaultThreshold, onApply }: { value: number | undefined; defaultThreshold: number | undefined; onApply: (v: string) => void }) {
  const [draft, setDraft] = useState(value === undefined ? '' : String(value));
  const valid = draft.trim() === '' || (/^\d{1,6}$/.test(draft.trim()) && Number(draft) <= 100_000);
  const submit = () => {
    if (valid && draft.trim() !== (value === undefined ? '' : String(value))) onApply(draft.trim());
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      role="presentation"
    >
      <TextInput
        label="Threshold"
        inputMode="numeric"
        w={150}
        placeholder={defaultThreshold === undefined ? 'Each colour’s own' : `Own, else ${defaultThreshold}`}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={submit}
        error={valid ? undefined : 'A whole number from 0.'}
      />
    </form>
  );
}

function LowStockTable({ rows, stale, onAdjust }: { rows: LowStockRow[]; stale: boolean; onAdjust: (target: AdjustTarget) => void }) {
  return (
    <div className={`${classes.frame} ${stale ? classes.stale : ''}`} aria-busy={stale}>
      <Table className={classes.table} aria-label={text.lowStockTitle} verticalSpacing={4} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Style</Table.Th>
            <Table.Th>Brand</Table.Th>
            <Table.Th>Colour</Table.Th>
            <Table.Th ta="right">In stock</Table.Th>
            <Table.Th ta="right">Threshold</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const label = `${row.modelNumber} ${row.colourCode} ${row.frameColour}`;
            return (
              <Table.Tr key={row.productColourId}>
                <Table.Td className={classes.head}>
                  <Link to={ADMIN_LINKS.product(row.productId)}>{row.modelNumber}</Link>
                  <Text span size="xs" c="dimmed" display="block">
                    {row.productName}
                    {!row.isActive && ' (inactive)'}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Brand">{row.brand}</Table.Td>
                <Table.Td data-label="Colour">
                  {row.colourCode} {row.frameColour}
                </Table.Td>
                <Table.Td data-label="In stock" className={classes.num} fw={600}>
                  {row.stock}
                </Table.Td>
                <Table.Td data-label="Threshold" className={classes.num}>
                  {row.threshold}
                </Table.Td>
                <Table.Td data-label="Status">
                  <StockStatus stock={row.stock} threshold={row.threshold} />
                </Table.Td>
                <Table.Td className={classes.actions}>
                  <Button
                    size="compact-sm"
                    variant="outline"
                    aria-label={`${text.adjust} ${label}`}
                    onClick={() => onAdjust({ productColourId: row.productColourId, label, stock: row.stock })}
                  >
                    {text.adjust}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
