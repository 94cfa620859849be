import '@mantine/core/styles/Table.css';
import type { AdminProductDetail } from '@frameport/domain/contract/admin-catalogue';
import { netPrice as netPriceSchema } from '@frameport/domain/contract/admin-catalogue';
import { Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';
import { RESULT_TOAST_MS } from '../../../lib/notify.ts';
import { ActionDialog } from '../order/components/action-dialog.tsx';
import { formatDateTime, formatDay, inr, todayInIndia, whoText } from '../order/order-display.ts';
import { useStaffRole } from '../staff-role.ts';
import classes from '../components/desk-table.module.css';
import type { PriceChange } from '@frameport/domain/contract/admin-pricing';
import { pricingQueries, useCancelPriceChange, useSchedulePrice } from './api.ts';
import { pricingTexts as text } from './texts.ts';

/** '1,250.50', '₹1250', ' 999 ' as rupees; NaN when it is not a number. */
export const parseRupees = (raw: string): number => (raw.trim() === '' ? Number.NaN : Number(raw.replace(/[₹,\s]/g, '')));

/**
 * A style's price (admin only; the warehouse sees none of it, the API refuses it anyway): the net
 * price now, a change scheduled from today or a later day (asks first), the scheduled one with
 * Cancel (asks first), and the history: when, from → to, who.
 */
export function PricePanel({ product }: { product: AdminProductDetail }) {
  const role = useStaffRole();
  if (role !== 'admin') return null;
  return <AdminPricePanel product={product} />;
}

function AdminPricePanel({ product }: { product: AdminProductDetail }) {
  const prices = useQuery(pricingQueries.prices(product.id));
  const current = prices.data?.netPrice ?? product.netPrice;
  const scheduled = prices.data?.scheduled ?? [];
  // The server's India day when known (the form refuses an earlier one), else this device's.
  const today = prices.data?.today ?? todayInIndia();

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="price-panel-heading">
      <Title order={2} fz="md" id="price-panel-heading" mb="xs">
        {text.panelTitle}
      </Title>
      <Stack gap="sm">
        <Group gap="xl" align="baseline">
          <div>
            <Text size="xs" c="dimmed">
              {text.currentPrice}
            </Text>
            <Text fw={700} fz="lg" className="tabular" data-testid="current-net-price">
              {inr(current)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {text.gstRate}
            </Text>
            <Text className="tabular">{product.gstRatePercent} %</Text>
          </div>
        </Group>
        {scheduled.map((change) => (
          <ScheduledChange key={change.id} productId={product.id} change={change} />
        ))}
        <ScheduleForm key={today} product={product} current={current} today={today} />
        <section aria-labelledby="price-history-heading">
          <Title order={3} fz="sm" id="price-history-heading" mb={6}>
            {text.historyTitle}
          </Title>
          {prices.isPending ? (
            <Stack gap={6} aria-busy="true">
              <Skeleton height={28} />
              <Skeleton height={28} />
            </Stack>
          ) : prices.isError ? (
            <LoadError title={text.loadFailed} {...retryQuery(prices)} />
          ) : (
            <PriceHistory changes={prices.data.history} />
          )}
        </section>
      </Stack>
    </Paper>
  );
}

function ScheduledChange({ productId, change }: { productId: number; change: PriceChange }) {
  const cancel = useCancelPriceChange(productId);
  const [asking, setAsking] = useState(false);
  const price = inr(change.netPrice);
  const day = formatDay(change.effectiveFrom);
  return (
    <Paper withBorder p="xs" radius="sm" bg="frameport.0" role="group" aria-label={text.scheduledTitle}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed">
            {text.scheduledTitle}
          </Text>
          <Text size="sm" fw={600} className="tabular">
            {text.scheduledLine(price, day)}
          </Text>
          <Text size="xs" c="dimmed">
            {whoText(change.created.by)}, {formatDateTime(change.created.at)}
          </Text>
        </div>
        <Button size="compact-sm" variant="outline" color="red.9" onClick={() => setAsking(true)}>
          {text.cancelChange}
        </Button>
      </Group>
      <ActionDialog
        opened={asking}
        onClose={() => {
          cancel.reset();
          setAsking(false);
        }}
        title={text.cancelChange}
        message={text.confirmCancel(price, day)}
        submitLabel={text.cancelChange}
        destructive
        busy={cancel.isPending}
        error={cancel.error}
        onSubmit={() =>
          cancel.mutate(change.id, {
            onSuccess: () => {
              setAsking(false);
              notifications.show({ message: text.cancelled, color: 'green', autoClose: RESULT_TOAST_MS });
            },
          })
        }
        size="sm"
      />
    </Paper>
  );
}

function ScheduleForm({ product, current, today }: { product: AdminProductDetail; current: number; today: string }) {
  const schedule = useSchedulePrice(product.id);
  const [price, setPrice] = useState('');
  const [day, setDay] = useState(today);
  const [errors, setErrors] = useState<{ price?: string; day?: string }>({});
  const [pending, setPending] = useState<{ netPrice: number; effectiveFrom: string } | null>(null);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const next: { price?: string; day?: string } = {};
    const parsed = netPriceSchema.safeParse(parseRupees(price));
    if (Number.isNaN(parseRupees(price))) next.price = text.priceRequired;
    else if (!parsed.success) next.price = parsed.error.issues[0]?.message ?? text.priceRequired;
    else if (Math.round(parsed.data * 100) === Math.round(current * 100)) next.price = text.samePrice;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) next.day = text.dayRequired;
    else if (day < today) next.day = text.dayPast;
    setErrors(next);
    if (next.price === undefined && next.day === undefined && parsed.success) setPending({ netPrice: parsed.data, effectiveFrom: day });
  };

  const confirm = () => {
    if (pending === null) return;
    schedule.mutate(pending, {
      onSuccess: () => {
        notifications.show({
          message: pending.effectiveFrom <= today ? text.changedNow(inr(pending.netPrice)) : text.scheduled(inr(pending.netPrice), formatDay(pending.effectiveFrom)),
          color: 'green',
          autoClose: RESULT_TOAST_MS,
        });
        setPending(null);
        setPrice('');
        setDay(today);
      },
    });
  };

  const now = pending !== null && pending.effectiveFrom <= today;
  return (
    <form onSubmit={check} noValidate aria-labelledby="price-schedule-heading">
      <Title order={3} fz="sm" id="price-schedule-heading" mb={6}>
        {text.scheduleTitle}
      </Title>
      <div className={classes.toolbar}>
        <TextInput
          className={classes.grow}
          label={text.newPrice}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(event) => setPrice(event.currentTarget.value)}
          error={errors.price}
        />
        <TextInput
          className={classes.grow}
          type="date"
          label={text.effectiveFrom}
          min={today}
          value={day}
          onChange={(event) => setDay(event.currentTarget.value)}
          error={errors.day}
        />
        <Button type="submit">{text.schedule}</Button>
      </div>
      <Text size="xs" c="dimmed" mt={4}>
        {text.effectiveHint}
      </Text>
      <ActionDialog
        opened={pending !== null}
        onClose={() => {
          schedule.reset();
          setPending(null);
        }}
        title={text.confirmTitle}
        message={
          pending === null
            ? undefined
            : now
              ? text.confirmNow(product.modelNumber, inr(current), inr(pending.netPrice))
              : text.confirmLater(product.modelNumber, inr(current), inr(pending.netPrice), formatDay(pending.effectiveFrom))
        }
        submitLabel={now ? text.changeNow : text.schedule}
        busy={schedule.isPending}
        error={schedule.error}
        onSubmit={confirm}
        size="sm"
      />
    </form>
  );
}

/** Applied changes, newest first: the day, from → to, who made the change and when. */
function PriceHistory({ changes }: { changes: PriceChange[] }) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {text.noHistory}
      </Text>
    );
  }
  return (
    <div className={classes.frame}>
      <Table className={classes.table} aria-label={text.historyTitle} verticalSpacing={4} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>From day</Table.Th>
            <Table.Th ta="right">From → to</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {changes.map((change) => (
            <Table.Tr key={change.id}>
              <Table.Td className={`${classes.head} ${classes.nowrap}`}>{formatDay(change.effectiveFrom)}</Table.Td>
              <Table.Td data-label="From → to" className={classes.num}>
                {change.previousNetPrice === null ? '—' : inr(change.previousNetPrice)} → {inr(change.netPrice)}
              </Table.Td>
              <Table.Td data-label="By">
                {whoText(change.created.by)}, {formatDateTime(change.created.at)}
                {change.importJobId !== null && ` (price import #${change.importJobId})`}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
