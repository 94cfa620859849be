import { adminTexts } from '../texts.ts';
import { UpdateCreditBodySchema, type RetailerCredit, type UpdateCreditBody } from '@frameport/domain/contract/admin-orders';
import { messages } from '@frameport/domain/messages';
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Skeleton, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { RESULT_TOAST_MS } from '../../../lib/notify.ts';
import { inr, stampText } from '../admin-display.ts';
import { adminQueries, newIdempotencyKey, useUpdateCredit } from '../api.ts';
import { canEditCredit, useStaffRole } from '../staff-role.ts';

const text = adminTexts;

/**
 * A retailer's credit (/admin/retailers/:id/credit): the limit, terms and hold, where the account
 * stands (outstanding, on order, available, overdue), who changed the terms last and when, and for
 * accounts and admins the form that changes them. Putting a retailer on hold asks first.
 */
export function CreditPage({ retailerId }: { retailerId: number }) {
  const credit = useQuery(adminQueries.credit(retailerId));
  const role = useStaffRole();

  if (credit.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading credit">
        <Skeleton height={28} width="40%" />
        <Skeleton height={220} />
        <Skeleton height={260} />
      </Stack>
    );
  }
  if (credit.isError) return <LoadError title={text.creditLoadFailed} {...retryQuery(credit)} />;

  const data = credit.data;
  return (
    <Stack gap="md">
      <title>{`Credit · ${data.businessName} · Frameport back office`}</title>
      <div>
        <Title order={1} fz="h3">
          Credit: {data.businessName}
        </Title>
        <Text size="sm" c="dimmed">
          Last updated: {data.updated === null ? text.neverUpdated : stampText(data.updated)}
        </Text>
      </div>
      <CreditPosition credit={data} />
      {canEditCredit(role) ? (
        // A fresh form whenever the saved terms change (after a save, or someone else's).
        <CreditForm key={`${data.updated?.at ?? 'never'}`} credit={data} />
      ) : (
        <Alert variant="light" color="gray" icon={<IconLock size={18} aria-hidden="true" />}>
          {text.creditReadOnly}
        </Alert>
      )}
    </Stack>
  );
}

function CreditPosition({ credit }: { credit: RetailerCredit }) {
  const terms = `${credit.paymentTermsDays} days${credit.paymentTermsDefault ? ' (default)' : ''}`;
  const overdueText =
    credit.oldestOverdueDays > 0
      ? `${credit.oldestOverdueDays} ${credit.oldestOverdueDays === 1 ? 'day' : 'days'}${credit.oldestOverdueInvoiceNo ? `, invoice ${credit.oldestOverdueInvoiceNo}` : ''}`
      : 'None';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="credit-position">
      <Title order={2} fz="h5" id="credit-position" mb="xs">
        Credit position
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
        <Figure label="Credit limit" value={inr(credit.creditLimit)} money />
        <Figure label="Payment terms" value={terms} />
        <Figure
          label="Credit hold"
          value={credit.creditHold ? `On hold${credit.creditHoldReason ? `: ${credit.creditHoldReason}` : ''}` : 'No'}
          tone={credit.creditHold ? '#8a4b00' : undefined}
        />
        <Figure label="Outstanding" value={inr(credit.outstanding)} money />
        <Figure label="On order" value={inr(credit.onOrder)} money />
        <Figure label="Available" value={inr(credit.available)} money tone={credit.available < 0 ? 'red.9' : undefined} />
        <Figure label="Overdue" value={inr(credit.overdue)} money tone={credit.overdue > 0 ? 'red.9' : undefined} />
        <Figure label="Oldest overdue" value={overdueText} />
      </SimpleGrid>
    </Card>
  );
}

function Figure({ label, value, money = false, tone }: { label: string; value: string; money?: boolean; tone?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="baseline" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} py={4}>
      <Text component="dt" size="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={600} c={tone} ta="right" className={money ? 'tabular' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

type FormValues = { creditLimit: string; useDefaultTerms: boolean; paymentTermsDays: string; creditHold: boolean; creditHoldReason: string };
type FieldErrors = Partial<Record<'creditLimit' | 'paymentTermsDays' | 'creditHoldReason', string>>;

const valuesOf = (credit: RetailerCredit): FormValues => ({
  creditLimit: String(credit.creditLimit),
  useDefaultTerms: credit.paymentTermsDefault,
  paymentTermsDays: credit.paymentTermsDefault ? '' : String(credit.paymentTermsDays),
  creditHold: credit.creditHold,
  creditHoldReason: credit.creditHoldReason ?? '',
});

/** The form's values as the PUT body, checked with the contract's schema (the server checks the same). */
function creditBodyOf(values: FormValues): { body: UpdateCreditBody } | { errors: FieldErrors } {
  const number = (raw: string) => (raw.trim() === '' ? Number.NaN : Number(raw.replace(/[₹,\s]/g, '')));
  const limit = number(values.creditLimit);
  const days = number(values.paymentTermsDays);
  const errors: FieldErrors = {};
  if (!Number.isFinite(limit)) errors.creditLimit = 'Please enter the credit limit in rupees.';
  if (!values.useDefaultTerms && !Number.isInteger(days)) errors.paymentTermsDays = 'Please enter the payment terms in whole days.';
  if (Object.keys(errors).length > 0) return { errors };

  const parsed = UpdateCreditBodySchema.safeParse({
    creditLimit: limit,
    paymentTermsDays: values.useDefaultTerms ? null : days,
    creditHold: values.creditHold,
    creditHoldReason: values.creditHold ? values.creditHoldReason.trim() : null,
  });
  if (parsed.success) return { body: parsed.data };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'creditLimit' || field === 'paymentTermsDays' || field === 'creditHoldReason') && errors[field] === undefined) {
      errors[field] = field === 'creditLimit' ? limitMessage(issue.message, limit) : field === 'paymentTermsDays' ? 'Payment terms are 0 to 365 days.' : issue.message;
    }
  }
  return { errors };
}

const limitMessage = (message: string, limit: number) =>
  limit < 0 ? 'The credit limit cannot be negative.' : limit > 100_000_000 ? 'The credit limit is at most ₹10,00,00,000.00.' : message;

function CreditForm({ credit }: { credit: RetailerCredit }) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(credit));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirming, setConfirming] = useState<UpdateCreditBody | null>(null);
  const key = useRef<string | null>(null);
  const update = useUpdateCredit(credit.retailerId);

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A fixed field stops showing its error; the key is new once the request changes.
    setErrors((current) => ({ ...current, [field]: undefined }));
    key.current = null;
  };

  const save = (body: UpdateCreditBody) => {
    key.current ??= newIdempotencyKey();
    update.mutate(
      { body, idempotencyKey: key.current },
      {
        onSuccess: (saved) => {
          setConfirming(null);
          notifications.show({ title: messages.toast.success, message: text.creditSaved(saved.businessName), color: 'green', autoClose: RESULT_TOAST_MS });
        },
        onError: () => setConfirming(null),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = creditBodyOf(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    // Putting a retailer on hold stops its orders: ask first.
    if (result.body.creditHold && !credit.creditHold) setConfirming(result.body);
    else save(result.body);
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="credit-edit">
      <Title order={2} fz="h5" id="credit-edit" mb="xs">
        Change credit terms
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={520}>
          <TextInput
            label="Credit limit (₹)"
            inputMode="decimal"
            value={values.creditLimit}
            onChange={(event) => set('creditLimit', event.currentTarget.value)}
            error={errors.creditLimit}
            disabled={update.isPending}
            classNames={{ input: 'tabular' }}
          />
          <Checkbox
            label={`Use the default payment terms (${credit.defaultPaymentTermsDays} days)`}
            checked={values.useDefaultTerms}
            onChange={(event) => set('useDefaultTerms', event.currentTarget.checked)}
            disabled={update.isPending}
          />
          {!values.useDefaultTerms && (
            <TextInput
              label="Payment terms (days)"
              inputMode="numeric"
              value={values.paymentTermsDays}
              onChange={(event) => set('paymentTermsDays', event.currentTarget.value)}
              error={errors.paymentTermsDays}
              disabled={update.isPending}
              maw={200}
            />
          )}
          <Switch
            label="Credit hold (no order can be confirmed)"
            checked={values.creditHold}
            onChange={(event) => set('creditHold', event.currentTarget.checked)}
            disabled={update.isPending}
          />
          {values.creditHold && (
            <Textarea
              label="Reason for the hold"
              rows={2}
              maxLength={500}
              value={values.creditHoldReason}
              onChange={(event) => set('creditHoldReason', event.currentTarget.value)}
              error={errors.creditHoldReason}
              disabled={update.isPending}
              withAsterisk
            />
          )}
          {update.isError && (
            <Alert color="red" variant="light" title={text.creditSaveFailed}>
              {getErrorMessage(update.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={update.isPending && confirming === null}>
              Save credit terms
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming !== null}
        message={text.confirmHold(credit.businessName)}
        confirmLabel={text.putOnHold}
        busy={update.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming !== null && save(confirming)}
      />
    </Card>
  );
}
