import '@mantine/core/styles/Table.css';
import type { AdminProductDetail, AdminVariant } from '@frameport/domain/contract/admin-catalogue';
import { STOCK_ROLES } from '@frameport/domain';
import { Badge, Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useStaffRole } from '../staff-role.ts';
import { stockTexts as text } from './texts.ts';
import { AdjustStockDialog, type AdjustTarget } from './components/adjust-stock-dialog.tsx';
import classes from '../components/desk-table.module.css';
import { MovementsTable } from './components/movements-table.tsx';

const variantLabel = (product: AdminProductDetail, variant: AdminVariant) => `${product.modelNumber} ${variant.colourCode} ${variant.frameColour}`;

/**
 * A style's stock per colour (admin and warehouse): the pieces in stock, the low-stock threshold
 * that applies, Adjust (a delivery, a count, damage, a return) and the chosen colour's movements.
 */
export function StockPanel({ product }: { product: AdminProductDetail }) {
  const role = useStaffRole();
  const canAdjust = role !== null && (STOCK_ROLES as readonly string[]).includes(role);
  const [selectedId, setSelectedId] = useState<number | null>(product.colours[0]?.id ?? null);
  const [target, setTarget] = useState<AdjustTarget | null>(null);
  const selected = product.colours.find((variant) => variant.id === selectedId) ?? product.colours[0] ?? null;

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="stock-panel-heading">
      <Title order={2} fz="md" id="stock-panel-heading" mb="xs">
        {text.panelTitle}
      </Title>
      {product.colours.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.noColours}
        </Text>
      ) : (
        <Stack gap="sm">
          <div className={classes.frame}>
            <Table className={classes.table} aria-label="Stock per colour" verticalSpacing={4} horizontalSpacing="sm" fz="sm" tabularNums>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Colour</Table.Th>
                  <Table.Th ta="right">In stock</Table.Th>
                  <Table.Th ta="right">Low at</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {product.colours.map((variant) => {
                  const label = variantLabel(product, variant);
                  const isSelected = selected?.id === variant.id;
                  return (
                    <Table.Tr key={variant.id} className={isSelected ? classes.selected : undefined}>
                      <Table.Td className={classes.head}>
                        <span className={classes.swatch} style={{ background: variant.frameColourHex }} aria-hidden="true" />
                        {variant.colourCode} {variant.frameColour}
                        {variant.templeColour !== variant.frameColour && (
                          <Text span size="xs" c="dimmed">
                            {' '}
                            / {variant.templeColour}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td data-label="In stock" className={classes.num} fw={600}>
                        {variant.stock}
                      </Table.Td>
                      <Table.Td data-label="Low at" className={classes.num}>
                        <span>
                          {variant.effectiveLowStockThreshold}
                          {variant.lowStockThreshold === null && (
                            <Text span size="xs" c="dimmed">
                              {' '}
                              (default)
                            </Text>
                          )}
                        </span>
                      </Table.Td>
                      <Table.Td data-label="Status">
                        <StockStatus stock={variant.stock} threshold={variant.effectiveLowStockThreshold} />
                      </Table.Td>
                      <Table.Td className={classes.actions}>
                        <span className={classes.actionsInner}>
                          <Button
                            size="compact-sm"
                            variant={isSelected ? 'light' : 'subtle'}
                            aria-pressed={isSelected}
                            aria-label={`${text.history}: ${variant.colourCode}`}
                            onClick={() => setSelectedId(variant.id)}
                          >
                            {text.history}
                          </Button>
                          {canAdjust && (
                            <Button
                              size="compact-sm"
                              variant="outline"
                              aria-label={`${text.adjust} ${variant.colourCode}`}
                              onClick={() => setTarget({ productColourId: variant.id, label, stock: variant.stock })}
                            >
                              {text.adjust}
                            </Button>
                          )}
                        </span>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </div>
          {selected !== null && (
            <section aria-labelledby="stock-movements-heading">
              <Title order={3} fz="sm" id="stock-movements-heading" mb={6}>
                {text.historyOf(`${selected.colourCode} ${selected.frameColour}`)}
              </Title>
              <MovementsTable key={selected.id} productColourId={selected.id} label={`${selected.colourCode} ${selected.frameColour}`} />
            </section>
          )}
        </Stack>
      )}
      <AdjustStockDialog key={target?.productColourId ?? 'closed'} target={target} onClose={() => setTarget(null)} />
    </Paper>
  );
}

/** 'Out of stock' / 'Low' / 'In stock', in words (colour is never the only signal). */
export function StockStatus({ stock, threshold }: { stock: number; threshold: number }) {
  if (stock <= 0) {
    return (
      <Badge color="red.9" variant="filled" size="sm">
        Out of stock
      </Badge>
    );
  }
  if (stock <= threshold) {
    return (
      <Badge color="#8a4b00" variant="filled" size="sm">
        Low
      </Badge>
    );
  }
  return (
    <Text span size="sm">
      In stock
    </Text>
  );
}
