import { formatInr, formatPercent, rupeesToPaise } from '@frameport/domain';
import type { CartResponse } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Group, Paper, Text, Title } from '@mantine/core';

type PaymentSummaryProps = {
  totals: Pick<
    CartResponse,
    'CartTotPrice' | 'TotalCGSTValue' | 'TotalSGSTValue' | 'TotalIGSTValue' | 'CartProductTotPricewithGST' | 'rates'
  >;
};

function Row({ label, rupees, strong = false }: { label: string; rupees: number; strong?: boolean }) {
  // A <div> around each dt/dd pair is valid inside <dl>; the total's rule is a border, not an element.
  const rule = strong ? { borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 8, marginTop: 4 } : undefined;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" style={rule}>
      <Text size="sm" fw={strong ? 700 : 400} component="dt">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} className="tabular" component="dd" m={0}>
        {formatInr(rupeesToPaise(rupees))}
      </Text>
    </Group>
  );
}

/**
 * The server's totals: subtotal (after discount, before GST), then IGST alone when it is above 0,
 * otherwise CGST and SGST with their rates (spec section 9), then the order total.
 */
export function PaymentSummary({ totals }: PaymentSummaryProps) {
  const { rates } = totals;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payment-summary-heading">
      <Title order={2} fz="h4" id="payment-summary-heading" mb="sm">
        Payment summary
      </Title>
      <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
        <Row label={messages.order.subtotal} rupees={totals.CartTotPrice} />
        {totals.TotalIGSTValue > 0 ? (
          <Row label={`IGST (${formatPercent(rates.iGSTRate)}%)`} rupees={totals.TotalIGSTValue} />
        ) : (
          <>
            <Row label={`CGST (${formatPercent(rates.cGSTRate)}%)`} rupees={totals.TotalCGSTValue} />
            <Row label={`SGST (${formatPercent(rates.sGSTRate)}%)`} rupees={totals.TotalSGSTValue} />
          </>
        )}
        <Row label={messages.order.total} rupees={totals.CartProductTotPricewithGST} strong />
      </dl>
    </Paper>
  );
}
