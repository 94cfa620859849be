import '@mantine/core/styles/Accordion.css';
import { formatInr, rupeesToPaise } from '@frameport/domain';
import type { AddCartLine, GstStateCodes, Product, SkippedCartLine } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { confirmMessages } from '@frameport/domain/messages/confirm';
import { expressMessages } from '@frameport/domain/messages/express';
import { Accordion, ActionIcon, Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Price } from '../../../components/price.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import { useNavigationBlocker } from '../../../lib/navigation-blocker.ts';
import { lookupModels, type ModelLookup } from '../api.ts';
import { readImportFile, readPastedText, type ImportResult } from '../import.ts';
import {
  afterAdd,
  colourKey,
  linesToSend,
  listTotals,
  mergeImported,
  newRowKey,
  orderLimitReason,
  productRow,
  quantityError,
  rowsWithProblems,
  type ExpressRow,
  type InOrder,
  type OrderLimits,
  type ProductRow,
} from '../rows.ts';
import { ImportPanel, type ImportStatus } from './import-panel.tsx';
import { ModelSearch } from './model-search.tsx';
import { ModelThumbnail } from './model-thumbnail.tsx';

type ExpressCheckoutProps = {
  lookup: ModelLookup;
  /** Adds the lines in one call; resolves with the skipped lines, rejects on failure (already toasted). */
  onSubmit: (lines: AddCartLine[]) => Promise<SkippedCartLine[]>;
  /** Called once everything listed was added; the page may be left without asking. */
  onDone: () => void;
  submitting: boolean;
  maxPerVariant?: number | null;
  /** Pieces of each colour already in the order: stock and the per-colour limit count them too. */
  inOrder?: InOrder;
  /** The order-wide limits and what the order holds; null while unknown. */
  orderLimits?: OrderLimits | null;
};

const NOTHING_IN_ORDER: InOrder = new Map();

const rowName = (row: ProductRow) => `${row.product.modelName} ${row.product.productName}`;

/**
 * Express checkout: ONE list of rows, fed by typed model numbers, pasted rows and uploaded files,
 * with one total (pieces and ₹ incl. GST) and one Add all that sends every matched quantity in one
 * call. Rows that cannot be matched stay listed with their reason and are never sent.
 */
export function ExpressCheckout({
  lookup,
  onSubmit,
  onDone,
  submitting,
  maxPerVariant,
  inOrder = NOTHING_IN_ORDER,
  orderLimits = null,
}: ExpressCheckoutProps) {
  const id = useId();
  const [rows, setRows] = useState<ExpressRow[]>([]);
  const [blanks, setBlanks] = useState<string[]>(() => [newRowKey()]);
  // Rows are open unless folded away: a row that lands from a paste or a file shows its colours.
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const [deleting, setDeleting] = useState<ProductRow | null>(null);
  const [importing, setImporting] = useState(false);
  const [importStatus, setImportStatus] = useState<ImportStatus | null>(null);
  const [addedNote, setAddedNote] = useState<string | null>(null);
  // The row just picked from the model box: its first quantity box takes the focus (type, pick, type).
  const [pickedKey, setPickedKey] = useState<string | null>(null);
  const leaving = useRef(false);

  const { pieces, totals } = listTotals(rows);
  const problemRows = rowsWithProblems(rows, maxPerVariant, inOrder);
  const unmatchedCount = rows.filter((row) => row.kind === 'unmatched').length;
  const listedIds = new Set(rows.flatMap((row) => (row.kind === 'product' ? [row.product.productId] : [])));
  const dirty = pieces > 0 || unmatchedCount > 0;
  const disabledReason =
    pieces === 0
      ? expressMessages.nothingToAdd
      : problemRows.length > 0
        ? expressMessages.fixQuantities(problemRows.length)
        : orderLimits
          ? orderLimitReason(orderLimits, pieces, totals)
          : null;
  // A row with a problem stays open: its message must be in view.
  const problemKeys = new Set(problemRows.map((row) => row.key));
  const productKeys = rows.flatMap((row) => (row.kind === 'product' ? [row.key] : []));
  const openRows = productKeys.filter((key) => !folded.has(key) || problemKeys.has(key));

  const blocker = useNavigationBlocker(
    ({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their own prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const updateRow = (key: string, change: (row: ProductRow) => ProductRow) =>
    setRows((all) => all.map((row) => (row.key === key && row.kind === 'product' ? change(row) : row)));

  const removeRow = (key: string) => {
    setRows((all) => all.filter((row) => row.key !== key));
  };

  const pick = (blankKey: string, product: Product, gst: GstStateCodes | null) => {
    const row = productRow(product, gst);
    setRows((all) => [...all, row]);
    setPickedKey(row.key);
    // The picked box makes way for the row; one blank box always stays for the next model.
    setBlanks((keys) => {
      const rest = keys.filter((key) => key !== blankKey);
      return rest.length === 0 ? [newRowKey()] : rest;
    });
    setAddedNote(null);
  };

  /** Rows read from a paste or a file land in the list; a read that fails changes nothing. */
  const importRows = async (read: () => Promise<ImportResult>): Promise<boolean> => {
    setImporting(true);
    setImportStatus(null);
    try {
      const result = await read();
      if (!result.ok) {
        setImportStatus({ tone: 'error', text: result.error });
        return false;
      }
      const models = result.rows.flatMap((row) => (row.kind === 'line' ? [row.modelName] : []));
      const found = await lookupModels(lookup, models);
      const { unmatched } = mergeImported([], result.rows, found);
      setRows((all) => mergeImported(all, result.rows, found).rows);
      setImportStatus({ tone: 'done', text: expressMessages.import.landed(result.rows.length, unmatched) });
      setAddedNote(null);
      return true;
    } catch {
      setImportStatus({ tone: 'error', text: expressMessages.checkFailed });
      return false;
    } finally {
      setImporting(false);
    }
  };

  const addAll = async () => {
    const lines = linesToSend(rows);
    if (lines.length === 0 || disabledReason !== null) return;
    let skipped: SkippedCartLine[];
    try {
      skipped = await onSubmit(lines);
    } catch {
      return; // toasted by the cart call; the list stays for another try
    }
    if (skipped.length === 0 && unmatchedCount === 0) {
      leaving.current = true;
      onDone();
      return;
    }
    // Keep what was not added (skipped with the server's reason, unmatched as they were).
    setRows(afterAdd(rows, skipped));
    setFolded(new Set());
    setAddedNote(expressMessages.addedSome(lines.length - skipped.length));
  };

  return (
    <Stack gap="md">
      {addedNote && (
        <Alert color="teal" variant="light" role="status">
          <Text size="sm">
            {addedNote}{' '}
            <Anchor component={Link} to="/purchase-order" size="sm">
              Review your purchase order
            </Anchor>
          </Text>
        </Alert>
      )}

      {rows.length > 0 && (
        <Stack gap="sm" component="section" aria-label="Rows to add">
          {rows.some((row) => row.kind === 'product') && (
            <Accordion
              multiple
              value={openRows}
              onChange={(open) => setFolded(new Set(productKeys.filter((key) => !open.includes(key))))}
              variant="separated"
              chevronPosition="left"
            >
              {rows.map((row) =>
                row.kind === 'product' ? (
                  <ProductRowItem
                    key={row.key}
                    row={row}
                    maxPerVariant={maxPerVariant}
                    inOrder={inOrder}
                    focusFirst={row.key === pickedKey}
                    disabled={submitting}
                    onDelete={() => setDeleting(row)}
                    onQuantity={(variant, quantity) =>
                      updateRow(row.key, (r) => ({
                        ...r,
                        quantities: { ...r.quantities, [variant]: quantity },
                        skipped: Object.fromEntries(Object.entries(r.skipped).filter(([v]) => v !== variant)),
                      }))
                    }
                  />
                ) : null,
              )}
            </Accordion>
          )}
          {rows.map((row) =>
            row.kind === 'unmatched' ? (
              <Paper key={row.key} withBorder p="xs" pl="sm" radius="md" style={{ borderColor: 'var(--mantine-color-orange-6)' }} aria-label={`${row.origin}: ${row.text}`} role="group">
                <Group wrap="nowrap" gap="xs" justify="space-between">
                  <Group wrap="nowrap" gap="xs" align="flex-start" style={{ minWidth: 0 }}>
                    <IconAlertTriangle size={18} color="var(--mantine-color-orange-8)" aria-hidden="true" style={{ flex: 'none', marginTop: 2 }} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                        {`${row.origin}: ${row.text}`}
                      </Text>
                      <Text size="sm" c="red.8">
                        {`${row.reason}. Not added.`}
                      </Text>
                    </div>
                  </Group>
                  <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Remove ${row.origin}`} onClick={() => removeRow(row.key)}>
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Paper>
            ) : null,
          )}
        </Stack>
      )}

      {blanks.map((key, index) => (
        <Paper key={key} withBorder p="sm" radius="md">
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ flex: 1, minWidth: 0 }}>
              <ModelSearch
                lookup={lookup}
                listedIds={listedIds}
                onPick={(product, gst) => pick(key, product, gst)}
                onPasteRows={(text) => void importRows(() => readPastedText(text))}
                label={blanks.length > 1 ? `${messages.product.modelNumber} ${index + 1}` : messages.product.modelNumber}
              />
            </div>
            {blanks.length > 1 && (
              <ActionIcon
                variant="subtle"
                color="gray"
                size={44}
                mt={20}
                aria-label="Remove empty row"
                onClick={() => setBlanks((keys) => keys.filter((k) => k !== key))}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}

      <Group justify="space-between" wrap="wrap" gap="sm" align="flex-start">
        <Button variant="default" h={44} leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setBlanks((keys) => [...keys, newRowKey()])}>
          Add more
        </Button>
        <Stack gap={4} align="flex-end" style={{ flex: '1 1 260px' }}>
          <Group gap="sm" wrap="wrap" justify="flex-end">
            <Text fw={700} className="tabular" aria-live="polite" data-testid="express-total">
              {totals ? expressMessages.total(pieces, formatInr(totals.totalPaise)) : `${pieces} pcs`}
            </Text>
            <Button
              h={44}
              onClick={() => void addAll()}
              disabled={disabledReason !== null || importing}
              loading={submitting}
              aria-describedby={`${id}-why`}
            >
              {expressMessages.addAll}
            </Button>
          </Group>
          <Text size="sm" c={pieces > 0 && disabledReason !== null ? 'red.8' : 'dimmed'} id={`${id}-why`} ta="right">
            {[disabledReason, unmatchedCount > 0 ? expressMessages.unmatchedStay(unmatchedCount) : null].filter(Boolean).join(' ')}
          </Text>
        </Stack>
      </Group>

      <ImportPanel
        onPaste={(text) => importRows(() => readPastedText(text))}
        onFile={(file) => importRows(() => readImportFile(file))}
        busy={importing}
        status={importStatus}
      />

      <ConfirmDialog
        opened={deleting !== null}
        message={confirmMessages.deleteItem}
        confirmLabel={confirmMessages.delete}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) removeRow(deleting.key);
          setDeleting(null);
        }}
      />
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Leave this page?"
        message={confirmMessages.leavePage}
        confirmLabel="Leave"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </Stack>
  );
}

type ProductRowItemProps = {
  row: ProductRow;
  maxPerVariant: number | null | undefined;
  inOrder: InOrder;
  /** Move the focus to the first colour that takes a quantity (once, when the row appears). */
  focusFirst: boolean;
  disabled: boolean;
  onDelete: () => void;
  onQuantity: (variant: string, quantity: number) => void;
};

/** A model in the list: its colours with stock and a quantity each; problems on the row itself. */
function ProductRowItem({ row, maxPerVariant, inOrder, focusFirst, disabled, onDelete, onQuantity }: ProductRowItemProps) {
  const { product } = row;
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusFirst) panel.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
  }, [focusFirst]);
  const rowPieces = Object.values(row.quantities).reduce((a, b) => a + b, 0);
  const problems = product.productColor.filter(
    (colour) => quantityError(row, colour.colorVariant, maxPerVariant, inOrder) !== null || row.skipped[colour.colorVariant],
  ).length;
  return (
    <Accordion.Item value={row.key} aria-label={product.modelName}>
      <Group wrap="nowrap" gap={4} pr="xs">
        <Accordion.Control>
          <Group gap="sm" wrap="nowrap" align="center">
            <ModelThumbnail product={product} />
            <Group gap="xs" wrap="wrap" align="baseline" justify="space-between" style={{ flex: 1, minWidth: 0 }}>
              <div style={{ minWidth: 0 }}>
                <Text fw={700} size="sm">
                  {product.modelName}
                </Text>
                <Text size="sm" c="dimmed">
                  {product.productName}
                </Text>
              </div>
              <div style={{ textAlign: 'right' }}>
                <Price amount={rupeesToPaise(product.discountedPrice)} listAmount={rupeesToPaise(product.netPrice)} size="sm" />
                <Text size="xs" c={problems > 0 ? 'red.8' : 'dimmed'}>
                  {problems > 0 ? `${rowPieces} pcs · check ${problems === 1 ? '1 colour' : `${problems} colours`}` : `${rowPieces} pcs`}
                </Text>
              </div>
            </Group>
          </Group>
        </Accordion.Control>
        <ActionIcon variant="subtle" color="red.8" size={44} aria-label={messages.cart.deleteLine(rowName(row))} onClick={onDelete}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
      <Accordion.Panel ref={panel}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {product.productColor.map((colour) => {
            const name = `${colour.frameColor} (${colour.colorVariant})`;
            const quantity = row.quantities[colour.colorVariant] ?? 0;
            const outOfStock = colour.availableStockQuantity <= 0;
            const ordered = inOrder.get(colourKey(product.productId, colour.colorVariant)) ?? 0;
            return (
              <Stack key={colour.colorVariant} gap={4}>
                <Text size="sm" fw={500}>
                  {name}
                </Text>
                <Text size="xs" c={outOfStock ? 'red.8' : 'dimmed'}>
                  {outOfStock ? messages.quantity.outOfStock : messages.quantity.inStock(colour.availableStockQuantity)}
                  {ordered > 0 && ` · ${messages.runningOrder.inOrder(ordered)}`}
                </Text>
                <QuantityInput
                  label={messages.quantity.fieldLabel(`${product.modelName} ${name}`)}
                  value={quantity}
                  error={quantityError(row, colour.colorVariant, maxPerVariant, inOrder)}
                  // An out-of-stock colour takes no quantity (one left over from before can still be cleared).
                  disabled={disabled || (outOfStock && quantity === 0)}
                  onChange={(next) => onQuantity(colour.colorVariant, next)}
                />
                {row.skipped[colour.colorVariant] && (
                  <Text size="xs" c="red.8" role="status">
                    {expressMessages.notAdded(row.skipped[colour.colorVariant]!)}
                  </Text>
                )}
              </Stack>
            );
          })}
        </SimpleGrid>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
