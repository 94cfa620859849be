import type { CartResponse } from '@frameport/domain/contract';
import { Paper, Text, Title } from '@mantine/core';

/** The delivery (bill-to) address the order goes to, from the cart's billToInfo. */
export function BillTo({ billTo }: { billTo: CartResponse['billToInfo'] }) {
  const place = [billTo.City, billTo.State, billTo.PinCode].filter((part) => part.trim() !== '').join(', ');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bill-to-heading">
      <Title order={2} fz="h4" id="bill-to-heading" mb="xs">
        Delivery to
      </Title>
      <Text size="sm" fw={600}>
        {billTo.BusinessName}
      </Text>
      <Text size="sm">{billTo.BillToAddress}</Text>
      <Text size="sm">{place}</Text>
      <Text size="sm">{billTo.Country}</Text>
    </Paper>
  );
}
