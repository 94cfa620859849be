import { deskMessages } from '@frameport/domain';
import type { AdminOrderDetail, AdminOrderLine, EditLinesBody } from '@frameport/domain/contract';
import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { deskRequests, useDeskAction } from '../api.ts';
import { formatDay, inr, lineLabel, netUnitPrice } from '../order-display.ts';
import { ActionDialog, useReason } from './action-dialog.tsx';
import classes from './admin-order.module.css';

/** A line added in edit mode (by model number and colour), before it is saved. */
type NewLine = { key: number; productCode: string; colorVariant: string; quantity: number };

function Thumb({ line }: { line: AdminOrderLine }) {
  return line.imageUrl === null ? (
    <span className={classes.thumb} aria-hidden="true" />
  ) : (
    <img className={classes.thumb} src={line.imageUrl} alt="" width={56} height={28} loading="lazy" />
  );
}

function CancelLineControl({ order, line }: { order: AdminOrderDetail; line: AdminOrderLine }) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const reason = useReason();
  const label = lineLabel(line);
  const submit = () => {
    if (!reason.check()) return;
    action.mutate(
      { action: `cancel-line:${line.id}`, request: deskRequests.cancelLine(order.id, line.id, reason.value) },
      { onSuccess: () => setOpened(false) },
    );
  };
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        color="red.9"
        // The subtle variant draws its text in the palette's light red (3.3:1 on white): darker, as AA asks.
        c="red.9"
        onClick={() => {
          action.reset();
          reason.reset();
          setOpened(true);
        }}
        aria-label={`Cancel open pieces of ${label}`}
      >
        Cancel open
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Please confirm"
        message={`Are you sure you want to cancel the ${line.openQuantity} open piece${line.openQuantity === 1 ? '' : 's'} of ${label}? Pieces already in shipments stay.`}
        submitLabel="Cancel open pieces"
        destructive
        busy={action.isPending}
        error={action.error}
        onSubmit={submit}
      >
        {reason.field('Reason for cancelling')}
      </ActionDialog>
    </>
  );
}

function ExpectedDateControl({ order, line }: { order: AdminOrderDetail; line: AdminOrderLine }) {
  const action = useDeskAction(order.id);
  const [opened, setOpened] = useState(false);
  const [date, setDate] = useState('');
  const label = lineLabel(line);
  const save = (expectedDate: string | null) =>
    action.mutate(
      { action: `expected-date:${line.id}`, request: deskRequests.expectedDate(order.id, line.id, expectedDate) },
      { onSuccess: () => setOpened(false) },
    );
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={() => {
          action.reset();
          setDate(line.expectedDate ?? '');
          setOpened(true);
        }}
        aria-label={`Expected date of ${label}`}
      >
        {line.expectedDate === null ? 'Expected date' : `Exp. ${formatDay(line.expectedDate)}`}
      </Button>
      <ActionDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title="Expected date"
        message={`When the ${line.backorderedQuantity} backordered piece${line.backorderedQuantity === 1 ? '' : 's'} of ${label} should arrive. Leave empty to clear.`}
        submitLabel="Save date"
        busy={action.isPending}
        error={action.error}
        onSubmit={() => save(date === '' ? null : date)}
        size="sm"
      >
        <TextInput type="date" label="Expected date" value={date} onChange={(event) => setDate(event.currentTarget.value)} data-autofocus />
      </ActionDialog>
    </>
  );
}

function TotalsList({ order }: { order: AdminOrderDetail }) {
  const t = order.totals;
  const rows: [string, number][] = [
    ['Gross', t.gross],
    ['Discount', -t.discount],
    ['Taxable', t.taxable],
    ...(t.igst > 0
      ? ([['IGST', t.igst]] as [string, number][])
      : ([
          ['CGST', t.cgst],
          ['SGST', t.sgst],
        ] as [string, number][])),
  ];
  return (
    <dl className={classes.totals}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className="tabular">{inr(value)}</dd>
        </div>
      ))}
      <div data-strong>
        <dt>Total with GST</dt>
        <dd className="tabular">{inr(t.total)}</dd>
      </div>
    </dl>
  );
}

/** The edit form's state: kept lines' quantities, removed lines and added lines. */
function useEditState(order: AdminOrderDetail) {
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [added, setAdded] = useState<NewLine[]>([]);
  const start = () => {
    setQuantities(Object.fromEntries(order.lines.map((line) => [line.id, line.quantity])));
    setRemoved(new Set());
    setAdded([]);
  };
  const body = (note: string, overrideReason?: string): EditLinesBody => ({
    lines: [
      ...order.lines
        .filter((line) => !removed.has(line.id))
        .map((line) => ({ orderLineId: line.id, quantity: quantities[line.id] ?? line.quantity })),
      ...added.map(({ productCode, colorVariant, quantity }) => ({ productCode, colorVariant, quantity })),
    ],
    ...(note.trim() === '' ? {} : { note: note.trim() }),
    ...(overrideReason === undefined ? {} : { override: { reason: overrideReason.trim() } }),
  });
  return { quantities, setQuantities, removed, setRemoved, added, setAdded, start, body };
}

function AddLineForm({ onAdd }: { onAdd: (line: Omit<NewLine, 'key'>) => void }) {
  const [productCode, setProductCode] = useState('');
  const [colorVariant, setColorVariant] = useState('');
  const [quantity, setQuantity] = useState<number | string>(1);
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const qty = typeof quantity === 'number' ? quantity : Number.parseInt(quantity, 10);
    if (productCode.trim() === '' || colorVariant.trim() === '') {
      setError('Enter the model number and the colour.');
      return;
    }
    if (!Number.isInteger(qty) || qty < 1) {
      setError('Enter a quantity of at least 1.');
      return;
    }
    onAdd({ productCode: productCode.trim(), colorVariant: colorVariant.trim(), quantity: qty });
    setProductCode('');
    setColorVariant('');
    setQuantity(1);
    setError(null);
  };
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end" wrap="wrap" role="group" aria-label="Add a line">
        <TextInput label="Model number" size="xs" w={150} value={productCode} onChange={(event) => setProductCode(event.currentTarget.value)} />
        <TextInput label="Colour" size="xs" w={90} placeholder="C1" value={colorVariant} onChange={(event) => setColorVariant(event.currentTarget.value)} />
        <NumberInput label="Quantity" size="xs" w={90} min={1} max={100000} allowDecimal={false} allowNegative={false} value={quantity} onChange={setQuantity} />
        <Button size="xs" variant="default" onClick={add}>
          Add line
        </Button>
      </Group>
      {error !== null && (
        <Text size="xs" c="red.9" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The order's lines: what was ordered, cancelled, is in shipments, dispatched, backordered and
 * still open, and the prices. Cancel open pieces and the expected date per line; edit mode
 * (quantities, remove, add by model number and colour) saves the whole list at once.
 */
export function LinesSection({ order }: { order: AdminOrderDetail }) {
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState('');
  const [overrideReason, setOverrideReason] = useState('');
  const edit = useEditState(order);
  const save = useDeskAction(order.id);
  const { actions } = order;

  const startEditing = () => {
    edit.start();
    setNote('');
    setOverrideReason('');
    save.reset();
    setEditing(true);
  };
  const stopEditing = () => {
    if (save.isPending) return;
    setEditing(false);
    save.reset();
  };
  // Escape leaves edit mode, unless a dialog is open (Escape closes that first).
  useWindowEvent('keydown', (event) => {
    if (!editing || event.key !== 'Escape' || event.defaultPrevented) return;
    if (document.querySelector('[role="dialog"]') !== null) return;
    stopEditing();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate({ action: 'edit-lines', request: deskRequests.editLines(order.id, edit.body(note)) }, { onSuccess: () => setEditing(false) });
  };
  // An edit that raises a confirmed order past the credit check: an admin may save it anyway with a reason.
  const creditRefused = save.error !== null && getErrorMessage(save.error).startsWith(deskMessages.credit.editRefusedLead);
  const overrideValid = overrideReason.trim().length >= 3;
  const saveAnyway = () => {
    if (save.isPending || !overrideValid) return;
    save.mutate(
      { action: 'edit-lines-override', request: deskRequests.editLines(order.id, edit.body(note, overrideReason)) },
      { onSuccess: () => setEditing(false) },
    );
  };

  // Expected dates matter while the order is still being worked on (pieces can still be cancelled or shipped).
  const datesEditable = actions.cancelLine || actions.ship;
  const showLineActions = !editing && (actions.cancelLine || (datesEditable && order.lines.some((line) => line.backorderedQuantity > 0)));

  const table = (
    <div className={classes.tableScroll} role="region" aria-label="Order lines (scrolls sideways)" tabIndex={0}>
      <Table className={classes.linesTable} aria-label="Order lines" verticalSpacing={4} horizontalSpacing="xs" tabularNums fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <VisuallyHidden>Image</VisuallyHidden>
            </Table.Th>
            <Table.Th ta="left">Model</Table.Th>
            <Table.Th ta="left">Name</Table.Th>
            <Table.Th ta="left">Colour</Table.Th>
            <Table.Th ta="left">HSN</Table.Th>
            <Table.Th ta="right">GST</Table.Th>
            <Table.Th ta="right">Ordered</Table.Th>
            <Table.Th ta="right">Cancelled</Table.Th>
            <Table.Th ta="right">In shipments</Table.Th>
            <Table.Th ta="right">Dispatched</Table.Th>
            <Table.Th ta="right">Backordered</Table.Th>
            <Table.Th ta="right">Open</Table.Th>
            <Table.Th ta="right">Net unit</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            {(editing || showLineActions) && (
              <Table.Th>
                <VisuallyHidden>Line actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.lines.map((line) => {
            const label = lineLabel(line);
            const removed = edit.removed.has(line.id);
            const canCancel = actions.cancelLine && line.openQuantity > 0;
            const canDate = datesEditable && line.backorderedQuantity > 0;
            return (
              <Table.Tr key={line.id} aria-label={`Line ${label}`} data-removed={removed || undefined}>
                <Table.Td className={classes.thumbCell} data-wide>
                  <Thumb line={line} />
                </Table.Td>
                <Table.Td data-label="Model" fw={600} data-wide>
                  {line.productCode}
                </Table.Td>
                <Table.Td data-label="Name" className={classes.nameCell} data-wide>
                  <span>
                    {line.productName}
                    {line.sizeName !== null && <Text span size="xs" c="dimmed"> · {line.sizeName}</Text>}
                    {line.isFree && <Text span size="xs" c="teal.9" fw={600}> · Free</Text>}
                  </span>
                </Table.Td>
                <Table.Td data-label="Colour" data-wide>
                  <span>
                    {line.colourName} ({line.colorVariant})
                  </span>
                </Table.Td>
                <Table.Td data-label="HSN">{line.hsnCode}</Table.Td>
                <Table.Td data-label="GST" ta="right">
                  {line.gstRate} %
                </Table.Td>
                <Table.Td data-label="Ordered" ta="right">
                  {editing ? (
                    <NumberInput
                      size="xs"
                      w={80}
                      ml="auto"
                      aria-label={`Quantity of ${label}`}
                      min={0}
                      max={100000}
                      allowDecimal={false}
                      allowNegative={false}
                      disabled={removed}
                      value={edit.quantities[line.id] ?? line.quantity}
                      onChange={(value) =>
                        edit.setQuantities((current) => ({ ...current, [line.id]: typeof value === 'number' ? value : Number.parseInt(value, 10) || 0 }))
                      }
                    />
                  ) : (
                    line.quantity
                  )}
                </Table.Td>
                <Table.Td data-label="Cancelled" ta="right">
                  {line.cancelledQuantity}
                </Table.Td>
                <Table.Td data-label="In shipments" ta="right">
                  {line.inShipmentsQuantity}
                </Table.Td>
                <Table.Td data-label="Dispatched" ta="right">
                  {line.dispatchedQuantity}
                </Table.Td>
                <Table.Td data-label="Backordered" ta="right">
                  <span>
                    {line.backorderedQuantity}
                    {line.expectedDate !== null && (
                      <Text size="xs" c="dimmed">
                        exp. {formatDay(line.expectedDate)}
                      </Text>
                    )}
                  </span>
                </Table.Td>
                <Table.Td data-label="Open" ta="right" fw={line.openQuantity > 0 ? 700 : undefined}>
                  {line.openQuantity}
                </Table.Td>
                <Table.Td data-label="Net unit" ta="right">
                  <span>
                    {inr(netUnitPrice(line))}
                    {line.discountPerUnit > 0 && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        <s>
                          <VisuallyHidden>List price </VisuallyHidden>
                          {inr(line.unitPrice)}
                        </s>{' '}
                        −{inr(line.discountPerUnit)}
                      </Text>
                    )}
                  </span>
                </Table.Td>
                <Table.Td data-label="Total" ta="right" fw={600}>
                  {inr(line.total)}
                </Table.Td>
                {editing ? (
                  <Table.Td data-label="Remove" data-wide>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color={removed ? 'gray' : 'red.9'}
                      c={removed ? 'gray.8' : 'red.9'}
                      leftSection={removed ? undefined : <IconTrash size={14} aria-hidden="true" />}
                      aria-label={removed ? `Keep ${label}` : `Remove ${label}`}
                      onClick={() =>
                        edit.setRemoved((current) => {
                          const next = new Set(current);
                          if (removed) next.delete(line.id);
                          else next.add(line.id);
                          return next;
                        })
                      }
                    >
                      {removed ? 'Keep' : 'Remove'}
                    </Button>
                  </Table.Td>
                ) : (
                  showLineActions &&
                  (canCancel || canDate ? (
                    <Table.Td data-label="Actions" data-wide>
                      <Stack gap={2} align="flex-end">
                        {canCancel && <CancelLineControl order={order} line={line} />}
                        {canDate && <ExpectedDateControl order={order} line={line} />}
                      </Stack>
                    </Table.Td>
                  ) : (
                    <Table.Td />
                  ))
                )}
              </Table.Tr>
            );
          })}
          {editing &&
            edit.added.map((line) => (
              <Table.Tr key={`new-${line.key}`} aria-label={`New line ${line.productCode} ${line.colorVariant}`}>
                <Table.Td className={classes.thumbCell}>
                  <span className={classes.thumb} aria-hidden="true" />
                </Table.Td>
                <Table.Td data-label="Model" fw={600} data-wide>
                  {line.productCode}
                </Table.Td>
                <Table.Td data-label="Name">
                  <Text span size="xs" c="dimmed">
                    New line (priced on save)
                  </Text>
                </Table.Td>
                <Table.Td data-label="Colour">{line.colorVariant}</Table.Td>
                <Table.Td colSpan={2} />
                <Table.Td data-label="Ordered" ta="right">
                  {line.quantity}
                </Table.Td>
                <Table.Td colSpan={7} />
                <Table.Td data-label="Remove">
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red.9"
                    c="red.9"
                    aria-label={`Remove new line ${line.productCode} ${line.colorVariant}`}
                    onClick={() => edit.setAdded((current) => current.filter((other) => other.key !== line.key))}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </div>
  );

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="lines-heading">
      <Group justify="space-between" gap="xs" mb="xs">
        <Title order={2} fz="md" id="lines-heading">
          Lines
        </Title>
        {actions.edit && !editing && (
          <Button size="xs" variant="default" onClick={startEditing}>
            Edit lines
          </Button>
        )}
      </Group>
      {editing ? (
        <form onSubmit={submit} aria-label="Edit lines" noValidate>
          <Stack gap="sm">
            <Text size="xs" c="dimmed">
              Change quantities, remove lines or add one by model number and colour; Save prices the order again. Escape leaves without saving.
            </Text>
            {table}
            <AddLineForm onAdd={(line) => edit.setAdded((current) => [...current, { ...line, key: Date.now() + current.length }])} />
            <TextInput label="Note for the history (optional)" size="xs" maxLength={500} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
            {save.error !== null && (
              <Alert color="red" variant="light" p="xs" role="alert" title="The lines were not saved">
                <Text size="sm">{getErrorMessage(save.error)}</Text>
              </Alert>
            )}
            {creditRefused && actions.editPastCredit && (
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label="Reason to save past the credit check"
                  size="xs"
                  w={320}
                  maxLength={500}
                  value={overrideReason}
                  onChange={(event) => setOverrideReason(event.currentTarget.value)}
                  error={overrideReason !== '' && !overrideValid ? 'Please give a reason (at least 3 characters).' : undefined}
                />
                <Button color="red" variant="light" onClick={saveAnyway} disabled={!overrideValid} loading={save.isPending}>
                  Save anyway
                </Button>
              </Group>
            )}
            <Group gap="xs" justify="flex-end">
              <Button variant="default" onClick={stopEditing} disabled={save.isPending}>
                Cancel editing
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save lines
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        table
      )}
      <TotalsList order={order} />
    </Paper>
  );
}
