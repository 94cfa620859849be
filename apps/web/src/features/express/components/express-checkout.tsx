import '@mantine/core/styles/Accordion.css';
import { quantityProblem, rupeesToPaise } from '@frameport/domain';
import type { AddCartLine, Product, SkippedCartLine } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Accordion, ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Price } from '../../../components/price.tsx';
import { QuantityInput } from '../../../components/quantity-input.tsx';
import type { ModelLookup } from '../api.ts';
import { CsvImport } from './csv-import.tsx';
import { ModelSearch } from './model-search.tsx';

type Row = {
  key: string;
  product: Product | null;
  /** Quantity by colour variant. */
  quantities: Record<string, number>;
  /** The server's reason by colour variant, after an add that skipped it. */
  skipped: Record<string, string>;
};

type ExpressCheckoutProps = {
  lookup: ModelLookup;
  /** Adds the lines in one call; resolves with the skipped lines, rejects on failure (already toasted). */
  onSubmit: (lines: AddCartLine[]) => Promise<SkippedCartLine[]>;
  /** Called once everything was added; the page may be left without asking. */
  onDone: () => void;
  submitting: boolean;
  maxPerVariant?: number | null;
};

let nextKey = 0;
const blankRow = (): Row => ({ key: `row-${++nextKey}`, product: null, quantities: {}, skipped: {} });

const errorOf = (row: Row, variant: string, stock: number, maxPerVariant: number | null | undefined) =>
  quantityProblem({ quantity: row.quantities[variant] ?? 0, stock, maxPerVariant })?.message ?? null;

/** Bulk ordering by model number: rows, per-colour quantities, Add more and Add to order. */
export function ExpressCheckout({ lookup, onSubmit, onDone, submitting, maxPerVariant }: ExpressCheckoutProps) {
  const [rows, setRows] = useState<Row[]>(() => [blankRow()]);
  const [opened, setOpened] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const leaving = useRef(false);

  const total = rows.reduce((sum, row) => sum + Object.values(row.quantities).reduce((a, b) => a + b, 0), 0);
  const hasError = rows.some(
    (row) => row.product?.productColor.some((c) => errorOf(row, c.colorVariant, c.availableStockQuantity, maxPerVariant) !== null) ?? false,
  );
  const dirty = total > 0;
  const listedIds = new Set(rows.flatMap((row) => (row.product ? [row.product.productId] : [])));

  const blocker = useBlocker(
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

  const updateRow = (key: string, change: (row: Row) => Row) => setRows((all) => all.map((row) => (row.key === key ? change(row) : row)));

  const pick = (key: string, product: Product) => {
    updateRow(key, (row) => ({ ...row, product, quantities: {}, skipped: {} }));
    setOpened((keys) => [...keys, key]);
  };

  const removeRow = (key: string) => {
    setRows((all) => {
      const rest = all.filter((row) => row.key !== key);
      return rest.length === 0 ? [blankRow()] : rest;
    });
    setOpened((keys) => keys.filter((k) => k !== key));
  };

  const submit = async (lines: AddCartLine[]): Promise<SkippedCartLine[]> => {
    const skipped = await onSubmit(lines);
    if (skipped.length === 0) {
      leaving.current = true;
      onDone();
    }
    return skipped;
  };

  const addToOrder = async () => {
    const lines: AddCartLine[] = rows.flatMap((row) =>
      row.product
        ? row.product.productColor
            .filter((c) => (row.quantities[c.colorVariant] ?? 0) > 0)
            .map((c) => ({ ProductId: row.product!.productId, ColorVariant: c.colorVariant, Quantity: row.quantities[c.colorVariant] ?? 0 }))
        : [],
    );
    if (lines.length === 0) return;
    let skipped: SkippedCartLine[];
    try {
      skipped = await submit(lines);
    } catch {
      return; // toasted by the cart call
    }
    if (skipped.length === 0) return;
    // Keep what was skipped (with the server's reason) and clear what was added.
    setRows((all) =>
      all.map((row) => {
        if (!row.product) return row;
        const mine = skipped.filter((line) => line.ProductId === row.product!.productId);
        const quantities: Record<string, number> = {};
        const reasons: Record<string, string> = {};
        for (const line of mine) {
          quantities[line.ColorVariant] = row.quantities[line.ColorVariant] ?? 0;
          reasons[line.ColorVariant] = line.Message;
        }
        return { ...row, quantities, skipped: reasons };
      }),
    );
    setOpened((keys) => [...new Set([...keys, ...rows.filter((row) => skipped.some((s) => s.ProductId === row.product?.productId)).map((row) => row.key)])]);
  };

  const productRows = rows.filter((row) => row.product !== null);
  const blankRows = rows.filter((row) => row.product === null);

  return (
    <Stack gap="md">
      {productRows.length > 0 && (
        <Accordion multiple value={opened} onChange={setOpened} variant="separated" chevronPosition="left">
          {productRows.map((row) => {
            const product = row.product!;
            const rowLabel = `${product.modelName} ${product.productName}`;
            return (
              <Accordion.Item key={row.key} value={row.key} aria-label={product.modelName}>
                <Group wrap="nowrap" gap={4} pr="xs">
                  <Accordion.Control>
                    <Group gap="xs" wrap="wrap" align="baseline" justify="space-between">
                      <div>
                        <Text fw={700} size="sm">
                          {product.modelName}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {product.productName}
                        </Text>
                      </div>
                      <Price amount={rupeesToPaise(product.discountedPrice)} listAmount={rupeesToPaise(product.netPrice)} size="sm" />
                    </Group>
                  </Accordion.Control>
                  <ActionIcon variant="subtle" color="red.8" size={36} aria-label={messages.cart.deleteLine(rowLabel)} onClick={() => setDeleting(row)}>
                    <IconTrash size={18} aria-hidden="true" />
                  </ActionIcon>
                </Group>
                <Accordion.Panel>
                  <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                    {product.productColor.map((colour) => {
                      const name = `${colour.frameColor} (${colour.colorVariant})`;
                      return (
                        <Stack key={colour.colorVariant} gap={4}>
                          <Text size="sm" fw={500}>
                            {name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {colour.availableStockQuantity > 0 ? messages.quantity.inStock(colour.availableStockQuantity) : messages.quantity.outOfStock}
                          </Text>
                          <QuantityInput
                            label={messages.quantity.fieldLabel(`${product.modelName} ${name}`)}
                            value={row.quantities[colour.colorVariant] ?? 0}
                            error={errorOf(row, colour.colorVariant, colour.availableStockQuantity, maxPerVariant)}
                            disabled={submitting}
                            onChange={(quantity) =>
                              updateRow(row.key, (r) => ({
                                ...r,
                                quantities: { ...r.quantities, [colour.colorVariant]: quantity },
                                skipped: Object.fromEntries(Object.entries(r.skipped).filter(([variant]) => variant !== colour.colorVariant)),
                              }))
                            }
                          />
                          {row.skipped[colour.colorVariant] && (
                            <Text size="xs" c="red.8" role="status">
                              {`Not added: ${row.skipped[colour.colorVariant]}`}
                            </Text>
                          )}
                        </Stack>
                      );
                    })}
                  </SimpleGrid>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}

      {blankRows.map((row, index) => (
        <Paper key={row.key} withBorder p="sm" radius="md">
          <Group align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ flex: 1, minWidth: 0 }}>
              <ModelSearch
                lookup={lookup}
                listedIds={listedIds}
                onPick={(product) => pick(row.key, product)}
                label={blankRows.length > 1 ? `${messages.product.modelNumber} ${index + 1}` : messages.product.modelNumber}
              />
            </div>
            {rows.length > 1 && (
              <ActionIcon variant="subtle" color="gray" size={36} mt={24} aria-label="Remove empty row" onClick={() => removeRow(row.key)}>
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}

      <Group justify="space-between" wrap="wrap" gap="sm">
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setRows((all) => [...all, blankRow()])}>
          Add more
        </Button>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {messages.cart.totalQuantity(total)}
          </Text>
          <Button onClick={() => void addToOrder()} disabled={total <= 0 || hasError} loading={submitting}>
            {messages.cart.addToOrder}
          </Button>
        </Group>
      </Group>

      <CsvImport lookup={lookup} onSubmit={submit} busy={submitting} />

      <ConfirmDialog
        opened={deleting !== null}
        message={messages.confirm.deleteItem}
        confirmLabel={messages.confirm.delete}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) removeRow(deleting.key);
          setDeleting(null);
        }}
      />
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Leave this page?"
        message={messages.confirm.leavePage}
        confirmLabel="Leave"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </Stack>
  );
}
