import '@mantine/core/styles/Table.css';
import { messages } from '@frameport/domain/messages';
import { istDateOf } from '@frameport/domain';
import {
  DiscountRuleCreateSchema,
  type AdminDiscountRule,
  type DiscountPreview,
  type DiscountRuleFields,
} from '@frameport/domain/contract/admin-discounts';
import { Alert, Button, Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { AppModal } from '../../../../components/app-modal.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { adminQueries } from '../../api.ts';
import { inr } from '../../order/order-display.ts';
import classes from '../../components/desk-table.module.css';
import { parseRupees } from '../price-panel.tsx';
import { useDiscountPreview, useDiscountSave } from '../api.ts';

type Draft = {
  name: string;
  kind: 'percentage' | 'amount';
  value: string;
  stateId: string;
  priceFrom: string;
  priceTo: string;
  validFrom: string;
  validTo: string;
  isActive: boolean;
};

const dayOf = (iso: string | null): string => (iso === null ? '' : /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso : istDateOf(new Date(iso)));

function draftOf(rule: AdminDiscountRule | null): Draft {
  if (rule === null) return { name: '', kind: 'percentage', value: '', stateId: '', priceFrom: '', priceTo: '', validFrom: '', validTo: '', isActive: true };
  return {
    name: rule.name,
    kind: rule.usePercentage ? 'percentage' : 'amount',
    value: String((rule.usePercentage ? rule.discountPercentage : rule.discountAmount) ?? ''),
    stateId: rule.stateId === null ? '' : String(rule.stateId),
    priceFrom: rule.priceFrom === null ? '' : String(rule.priceFrom),
    priceTo: rule.priceTo === null ? '' : String(rule.priceTo),
    validFrom: dayOf(rule.validFrom),
    validTo: dayOf(rule.validTo),
    isActive: rule.isActive,
  };
}

const optionalNumber = (raw: string): number | null | undefined => (raw.trim() === '' ? null : Number.isNaN(parseRupees(raw)) ? undefined : parseRupees(raw));

/** The draft as the contract's fields, or the messages per field. */
function check(draft: Draft): { fields: DiscountRuleFields } | { errors: Partial<Record<keyof DiscountRuleFields | 'value', string>> } {
  const value = optionalNumber(draft.value);
  const candidate = {
    name: draft.name,
    usePercentage: draft.kind === 'percentage',
    discountPercentage: draft.kind === 'percentage' ? value : null,
    discountAmount: draft.kind === 'amount' ? value : null,
    stateId: draft.stateId === '' ? null : Number(draft.stateId),
    priceFrom: optionalNumber(draft.priceFrom),
    priceTo: optionalNumber(draft.priceTo),
    validFrom: draft.validFrom === '' ? null : draft.validFrom,
    validTo: draft.validTo === '' ? null : draft.validTo,
    isActive: draft.isActive,
  };
  const parsed = DiscountRuleCreateSchema.safeParse(candidate);
  if (parsed.success) return { fields: parsed.data };
  const errors: Partial<Record<keyof DiscountRuleFields | 'value', string>> = {};
  for (const issue of parsed.error.issues) {
    let key = String(issue.path[0]) as keyof DiscountRuleFields | 'value';
    if (key === 'discountPercentage' || key === 'discountAmount') key = 'value';
    errors[key] ??= issue.message;
  }
  return { errors };
}

/**
 * Create or edit a discount rule: percentage or amount, one state or all, a price band on the net
 * price, validity. Preview first ("312 styles get 10% off in Telangana", a sample before → after),
 * then Save: a change to any field asks for a new preview.
 */
export function DiscountForm({ rule, onClose }: { rule: AdminDiscountRule | null; onClose: () => void }) {
  const states = useQuery(adminQueries.states());
  const preview = useDiscountPreview();
  const save = useDiscountSave();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [previewed, setPreviewed] = useState<{ fields: DiscountRuleFields; result: DiscountPreview } | null>(null);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setPreviewed(null);
    preview.reset();
  };

  const runPreview = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    const fields = checked.fields;
    preview.mutate({ ...fields, ...(rule === null ? {} : { ruleId: rule.id }) }, { onSuccess: (result) => setPreviewed({ fields, result }) });
  };

  const runSave = () => {
    if (previewed === null) return;
    const request = rule === null ? ({ kind: 'create', body: previewed.fields } as const) : ({ kind: 'edit', id: rule.id, body: previewed.fields } as const);
    save.mutate(request, {
      onSuccess: (saved) => {
        notifications.show({ message: `${saved.name} saved: ${previewed.result.message}.`, color: 'green', autoClose: RESULT_TOAST_MS });
        onClose();
      },
    });
  };

  const busy = preview.isPending || save.isPending;
  const stateOptions = (states.data ?? []).map((state) => ({ value: String(state.StateID), label: state.StateName }));
  return (
    <AppModal opened onClose={busy ? () => {} : onClose} title={rule === null ? 'New discount rule' : `Edit ${rule.name}`} closeLabel={messages.actions.close} centered size="lg">
      <form onSubmit={runPreview} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required maxLength={120} value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} data-autofocus />
          <Group grow gap="sm" align="start" wrap="wrap">
            <NativeSelect
              label="Discount"
              value={draft.kind}
              onChange={(e) => set('kind', e.currentTarget.value as Draft['kind'])}
              data={[
                { value: 'percentage', label: 'Percentage off' },
                { value: 'amount', label: 'Amount off each piece' },
              ]}
            />
            <TextInput
              label={draft.kind === 'percentage' ? 'Percentage (%)' : 'Amount (₹)'}
              required
              inputMode="decimal"
              value={draft.value}
              onChange={(e) => set('value', e.currentTarget.value)}
              error={errors.value}
            />
          </Group>
          <NativeSelect
            label="State"
            value={draft.stateId}
            onChange={(e) => set('stateId', e.currentTarget.value)}
            error={errors.stateId}
            data={[{ value: '', label: 'All states' }, ...stateOptions]}
          />
          <Group grow gap="sm" align="start">
            <TextInput label="Net price from (₹)" inputMode="decimal" placeholder="Any" value={draft.priceFrom} onChange={(e) => set('priceFrom', e.currentTarget.value)} error={errors.priceFrom} />
            <TextInput label="Net price to (₹)" inputMode="decimal" placeholder="Any" value={draft.priceTo} onChange={(e) => set('priceTo', e.currentTarget.value)} error={errors.priceTo} />
          </Group>
          <Group grow gap="sm" align="start">
            <TextInput type="date" label="Valid from" value={draft.validFrom} onChange={(e) => set('validFrom', e.currentTarget.value)} error={errors.validFrom} />
            <TextInput type="date" label="Valid to" min={draft.validFrom || undefined} value={draft.validTo} onChange={(e) => set('validTo', e.currentTarget.value)} error={errors.validTo} />
          </Group>
          <Checkbox label="Active" checked={draft.isActive} onChange={(e) => set('isActive', e.currentTarget.checked)} />
          {(preview.error !== null || save.error !== null) && (
            <Alert color="red" variant="light" role="alert" p="xs">
              <Text size="sm">{getErrorMessage(save.error ?? preview.error)}</Text>
            </Alert>
          )}
          {previewed !== null && <PreviewBlock preview={previewed.result} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {messages.actions.cancel}
            </Button>
            <Button type="submit" variant={previewed === null ? 'filled' : 'outline'} loading={preview.isPending}>
              Preview
            </Button>
            <Button onClick={runSave} disabled={previewed === null} loading={save.isPending}>
              Save rule
            </Button>
          </Group>
          {previewed === null && (
            <Text size="xs" c="dimmed" ta="right">
              Preview the rule to save it.
            </Text>
          )}
        </Stack>
      </form>
    </AppModal>
  );
}

function PreviewBlock({ preview }: { preview: DiscountPreview }) {
  return (
    <section aria-label="Preview" aria-live="polite">
      <Alert color="frameport" variant="light" p="xs">
        <Text size="sm" fw={600} data-testid="discount-preview-message">
          {preview.message}
        </Text>
        {preview.betterElsewhereCount > 0 && (
          <Text size="xs">{preview.betterElsewhereCount.toLocaleString('en-IN')} of them get as much or more from another rule, which they keep.</Text>
        )}
        {preview.statesWithOwnRules > 0 && <Text size="xs">Not in {preview.statesWithOwnRules} states that have rules of their own.</Text>}
      </Alert>
      {preview.sample.length > 0 && (
        <div className={classes.frame} style={{ marginTop: 8 }}>
          <Table className={classes.table} aria-label="Sample styles" verticalSpacing={4} horizontalSpacing="sm" fz="sm" tabularNums>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Style</Table.Th>
                <Table.Th ta="right">Before</Table.Th>
                <Table.Th ta="right">After</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.sample.map((sample) => (
                <Table.Tr key={sample.productId}>
                  <Table.Td className={classes.head}>
                    {sample.modelNumber}{' '}
                    <Text span size="xs" c="dimmed">
                      {sample.brand}
                    </Text>
                    {sample.betterRule !== null && (
                      <Text size="xs" c="dimmed">
                        Keeps {sample.betterRule.label} ({sample.betterRule.name})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Before" className={classes.num}>
                    {inr(sample.netPrice)}
                  </Table.Td>
                  <Table.Td data-label="After" className={classes.num} fw={600}>
                    {inr(sample.priceAfter)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
