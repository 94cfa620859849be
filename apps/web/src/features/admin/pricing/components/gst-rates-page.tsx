import '@mantine/core/styles/Table.css';
import { GstRateBodySchema, type GstRateEntryView } from '@frameport/domain/contract/admin-pricing';
import { Alert, Badge, Button, Group, NativeSelect, Skeleton, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { ActionDialog } from '../../order/components/action-dialog.tsx';
import { formatDay, stampText } from '../../order/order-display.ts';
import { useStaffRole } from '../../staff-role.ts';
import classes from '../../components/desk-table.module.css';
import { pricingQueries, useGstChange } from '../api.ts';

const STATE_LABEL = { past: 'Ended', current: 'In force', future: 'Future' } as const;
const STATE_COLOUR = { past: 'gray.8', current: '#1e6b31', future: 'indigo.9' } as const;

type Dialog = { kind: 'add' } | { kind: 'close'; entry: GstRateEntryView } | { kind: 'delete'; entry: GstRateEntryView } | null;

/**
 * /admin/gst-rates (admin): the effective-dated HSN → GST table: prefix, rate, validity, the
 * notification, styles whose rate comes from each entry; add an entry, close one from a day (its
 * last day), delete one not yet in force (asks first). The rate on an invoice is the one in force
 * on the invoice date.
 */
export function GstRatesPage() {
  const role = useStaffRole();
  const table = useQuery({ ...pricingQueries.gstRates(), enabled: role === 'admin' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [filter, setFilter] = useState('');

  if (role !== null && role !== 'admin') {
    return (
      <Stack gap="sm">
        <Title order={1} fz="h3">
          GST rates
        </Title>
        <Alert color="gray">Only an admin can see and change the GST rates.</Alert>
      </Stack>
    );
  }

  const entries = (table.data?.entries ?? []).filter((entry) => entry.hsnPrefix.startsWith(filter.trim()));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end" gap="sm">
        <div>
          <Title order={1} fz="h3">
            GST rates
          </Title>
          <Text size="sm" c="dimmed">
            HSN prefix → rate, by validity. The longest matching prefix wins; an invoice uses the rate in force on its date.
          </Text>
        </div>
        <Button onClick={() => setDialog({ kind: 'add' })} disabled={table.data === undefined}>
          Add an entry
        </Button>
      </Group>
      <div className={classes.toolbar}>
        <TextInput
          label="HSN prefix starts with"
          inputMode="numeric"
          w={220}
          maxLength={8}
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value.replace(/\D/g, ''))}
        />
      </div>
      {table.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label="GST rates">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={34} />
          ))}
        </Stack>
      ) : table.isError ? (
        <LoadError title="The GST rates could not be loaded" {...retryQuery(table)} />
      ) : entries.length === 0 ? (
        <EmptyState
          title={filter === '' ? 'No GST rates yet.' : 'No entry starts with that prefix.'}
          action={
            filter === '' ? undefined : (
              <Button variant="default" onClick={() => setFilter('')}>
                Show every entry
              </Button>
            )
          }
        />
      ) : (
        <div className={classes.frame}>
          <Table className={classes.table} aria-label="GST rates" verticalSpacing={4} horizontalSpacing="sm" fz="sm" tabularNums>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>HSN prefix</Table.Th>
                <Table.Th ta="right">Rate</Table.Th>
                <Table.Th>Valid from</Table.Th>
                <Table.Th>Valid to</Table.Th>
                <Table.Th>Notification</Table.Th>
                <Table.Th ta="right">Styles</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td className={classes.head}>{entry.hsnPrefix}</Table.Td>
                  <Table.Td data-label="Rate" className={classes.num} fw={600}>
                    {entry.ratePercent} %
                  </Table.Td>
                  <Table.Td data-label="Valid from" className={classes.nowrap}>
                    {formatDay(entry.validFrom)}
                  </Table.Td>
                  <Table.Td data-label="Valid to" className={classes.nowrap}>
                    {entry.validTo === null ? 'Open' : formatDay(entry.validTo)}
                  </Table.Td>
                  <Table.Td data-label="Notification">
                    {entry.notification ?? '—'}
                    {entry.created !== null && (
                      <Text size="xs" c="dimmed">
                        Added by {stampText(entry.created)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Styles" className={classes.num}>
                    {entry.activeStyles.toLocaleString('en-IN')}
                  </Table.Td>
                  <Table.Td data-label="State">
                    <Badge color={STATE_COLOUR[entry.state]} variant="filled" size="sm">
                      {STATE_LABEL[entry.state]}
                    </Badge>
                  </Table.Td>
                  <Table.Td className={classes.actions}>
                    <span className={classes.actionsInner}>
                      {entry.state !== 'past' && (
                        <Button size="compact-sm" variant="outline" aria-label={`Close ${entry.hsnPrefix} from ${formatDay(entry.validFrom)}`} onClick={() => setDialog({ kind: 'close', entry })}>
                          Close
                        </Button>
                      )}
                      {entry.deletable && (
                        <Button
                          size="compact-sm"
                          variant="outline"
                          color="red.9"
                          aria-label={`Delete ${entry.hsnPrefix} from ${formatDay(entry.validFrom)}`}
                          onClick={() => setDialog({ kind: 'delete', entry })}
                        >
                          Delete
                        </Button>
                      )}
                    </span>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {table.data !== undefined && (
        <GstDialog key={dialog === null ? 'none' : `${dialog.kind}-${'entry' in dialog ? dialog.entry.id : 'new'}`} dialog={dialog} today={table.data.today} slabs={table.data.slabs} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

function GstDialog({ dialog, today, slabs, onClose }: { dialog: Dialog; today: string; slabs: number[]; onClose: () => void }) {
  const change = useGstChange();
  const [prefix, setPrefix] = useState('');
  const [rate, setRate] = useState('');
  const [validFrom, setValidFrom] = useState(today);
  const [validTo, setValidTo] = useState(dialog?.kind === 'close' ? today : '');
  const [notification, setNotification] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const close = () => {
    change.reset();
    onClose();
  };
  const done = (message: string) => {
    notifications.show({ message, color: 'green', autoClose: RESULT_TOAST_MS });
    close();
  };

  if (dialog === null) return null;

  if (dialog.kind === 'delete') {
    const { entry } = dialog;
    return (
      <ActionDialog
        opened
        onClose={close}
        title="Delete this entry?"
        message={`Delete HSN ${entry.hsnPrefix} at ${entry.ratePercent} % from ${formatDay(entry.validFrom)}? It has not been in force yet.`}
        submitLabel="Delete entry"
        destructive
        busy={change.isPending}
        error={change.error}
        onSubmit={() => change.mutate({ kind: 'delete', id: entry.id }, { onSuccess: () => done(`The ${entry.hsnPrefix} entry was deleted.`) })}
        size="sm"
      />
    );
  }

  if (dialog.kind === 'close') {
    const { entry } = dialog;
    const submit = () => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(validTo)) return setErrors({ validTo: 'Please choose the last day.' });
      if (validTo < entry.validFrom) return setErrors({ validTo: 'The last day cannot be before the first day.' });
      setErrors({});
      change.mutate(
        { kind: 'close', id: entry.id, body: { validTo } },
        { onSuccess: (result) => done(`HSN ${entry.hsnPrefix} at ${entry.ratePercent} % now ends on ${formatDay(validTo)}.${result.stylesUpdated > 0 ? ` ${result.stylesUpdated} styles re-rated.` : ''}`) },
      );
    };
    return (
      <ActionDialog
        opened
        onClose={close}
        title={`Close HSN ${entry.hsnPrefix}`}
        message={`The ${entry.ratePercent} % rate from ${formatDay(entry.validFrom)} holds until the last day you choose. Add the new rate as its own entry from the next day.`}
        submitLabel="Close entry"
        busy={change.isPending}
        error={change.error}
        onSubmit={submit}
        size="sm"
      >
        <TextInput type="date" label="Last day" min={entry.validFrom} value={validTo} onChange={(event) => setValidTo(event.currentTarget.value)} error={errors.validTo} data-autofocus />
      </ActionDialog>
    );
  }

  const submit = () => {
    const parsed = GstRateBodySchema.safeParse({
      hsnPrefix: prefix,
      ratePercent: rate === '' ? undefined : Number(rate),
      validFrom,
      validTo: validTo === '' ? null : validTo,
      notification: notification.trim() === '' ? null : notification,
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    if (parsed.data.validTo !== null && parsed.data.validTo < parsed.data.validFrom) return setErrors({ validTo: 'The last day cannot be before the first day.' });
    setErrors({});
    change.mutate(
      { kind: 'add', body: parsed.data },
      {
        onSuccess: (result) =>
          done(`HSN ${parsed.data.hsnPrefix} at ${parsed.data.ratePercent} % added from ${formatDay(parsed.data.validFrom)}.${result.stylesUpdated > 0 ? ` ${result.stylesUpdated} styles re-rated today.` : ''}`),
      },
    );
  };
  return (
    <ActionDialog opened onClose={close} title="Add a GST entry" submitLabel="Add entry" busy={change.isPending} error={change.error} onSubmit={submit}>
      <TextInput label="HSN prefix" description="2 to 8 digits, e.g. 9004 or 900410" inputMode="numeric" maxLength={8} required value={prefix} onChange={(event) => setPrefix(event.currentTarget.value)} error={errors.hsnPrefix} data-autofocus />
      <NativeSelect
        label="Rate"
        required
        value={rate}
        onChange={(event) => setRate(event.currentTarget.value)}
        error={errors.ratePercent}
        data={[{ value: '', label: 'Choose a rate', disabled: true }, ...slabs.map((slab) => ({ value: String(slab), label: `${slab} %` }))]}
      />
      <Group grow gap="sm" align="start">
        <TextInput type="date" label="Valid from" required value={validFrom} onChange={(event) => setValidFrom(event.currentTarget.value)} error={errors.validFrom} />
        <TextInput type="date" label="Valid to (optional)" min={validFrom} value={validTo} onChange={(event) => setValidTo(event.currentTarget.value)} error={errors.validTo} />
      </Group>
      <TextInput label="Notification (optional)" placeholder="Notification 9/2025-Central Tax (Rate)" maxLength={200} value={notification} onChange={(event) => setNotification(event.currentTarget.value)} error={errors.notification} />
    </ActionDialog>
  );
}
