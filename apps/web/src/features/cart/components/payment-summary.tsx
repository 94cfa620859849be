import { formatInr, formatPercent, rupeesToPaise } from '@frameport/domain';
import type { CartResponse, CartTaxAtRate } from '@frameport/domain/contract';
import { orderMessages } from '@frameport/domain/messages/orders';
import { Group, Paper, Text, Title } from '@mantine/core';

type PaymentSummaryProps = {
  totals: Pick<
    CartResponse,
    'CartTotPrice' | 'TotalCGSTValue' | 'TotalSGSTValue' | 'TotalIGSTValue' | 'CartProductTotPricewithGST' | 'taxByRate'
  >;
};

function Row({ label, rupees, strong = false }: { label: string; rupees: number; strong?: boolean }) {
  // A <div> around each dt/dd pair is valid inside <dl>; the total's rule is a border, not an element.
  const rule = strong ? { borderTop: '1px solid var(--mantine-color-gray-3)', paddingTop: 8, marginTop: 4 } : undefined;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" style={rule} align="flex-start">
      <Text size="sm" fw={strong ? 700 : 400} component="dt">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} className="tabular" component="dd" m={0} style={{ whiteSpace: 'nowrap' }}>
        {formatInr(rupeesToPaise(rupees))}
      </Text>
    </Group>
  );
}

/** 'CGST 2.5% on ₹3,703.50': a tax, its rate and the value it is charged on, so each line can be checked. */
function taxLabel(tax: 'CGST' | 'SGST' | 'IGST', ratePercent: number, taxable: number): string {
  return `${tax} ${formatPercent(ratePercent)}% on ${formatInr(rupeesToPaise(taxable))}`;
}

/** The rows of one rate: IGST alone when the lines carry IGST, otherwise CGST and SGST (spec section 9). */
function rowsOfRate(group: CartTaxAtRate) {
  if (group.IGSTValue > 0 || (group.IGSTRate > 0 && group.CGSTRate === 0)) {
    return [{ label: taxLabel('IGST', group.IGSTRate, group.TaxableValue), rupees: group.IGSTValue }];
  }
  return [
    { label: taxLabel('CGST', group.CGSTRate, group.TaxableValue), rupees: group.CGSTValue },
    { label: taxLabel('SGST', group.SGSTRate, group.TaxableValue), rupees: group.SGSTValue },
  ];
}

/**
 * The server's totals: the subtotal (after discount, before GST), then the GST of each rate the
 * lines are taxed at, on the value it is charged on (a cart of 5% frames and 18% sunglasses has a
 * row per rate, never one rate for both), then the order total with GST. Nothing taxed: plain GST
 * rows of ₹0.00, IGST alone when the cart is inter-state.
 */
export function PaymentSummary({ totals }: PaymentSummaryProps) {
  const taxRows =
    totals.taxByRate.length > 0
      ? totals.taxByRate.flatMap(rowsOfRate)
      : totals.TotalIGSTValue > 0
        ? [{ label: 'IGST', rupees: totals.TotalIGSTValue }]
        : [
            { label: 'CGST', rupees: totals.TotalCGSTValue },
            { label: 'SGST', rupees: totals.TotalSGSTValue },
          ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payment-summary-heading">
      <Title order={2} fz="h4" id="payment-summary-heading" mb="sm">
        Payment summary
      </Title>
      <dl style={{ margin: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
        <Row label={orderMessages.subtotal} rupees={totals.CartTotPrice} />
        {taxRows.map((row) => (
          <Row key={row.label} label={row.label} rupees={row.rupees} />
        ))}
        <Row label={orderMessages.total} rupees={totals.CartProductTotPricewithGST} strong />
      </dl>
    </Paper>
  );
}
