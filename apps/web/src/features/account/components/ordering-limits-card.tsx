import type { UserProfile } from '@frameport/domain/contract';
import { formatCount, formatInr, rupeesToPaise } from '@frameport/domain';
import { Card, SimpleGrid, Text, Title } from '@mantine/core';

type OrderingLimitsCardProps = Pick<UserProfile, 'MaxLimitPerVariant' | 'MaxOrderQuantity' | 'MaxOrderValue'>;

/** The account's ordering limits from the profile (spec section 6). Null means no limit is set. */
export function OrderingLimitsCard({ MaxLimitPerVariant, MaxOrderQuantity, MaxOrderValue }: OrderingLimitsCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="ordering-limits-title">
      <Title order={2} fz="h4" id="ordering-limits-title">
        Your ordering limits
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        Set for your account. Orders above these limits cannot be placed.
      </Text>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" mt="md" mb={0}>
        <Limit
          label="Per colour of a model"
          value={MaxLimitPerVariant === null ? null : `${formatCount(MaxLimitPerVariant)} pcs`}
        />
        <Limit
          label="Quantity per order"
          value={MaxOrderQuantity === null ? null : `${formatCount(MaxOrderQuantity)} pcs`}
        />
        {/* MaxOrderValue is rupees on the wire; formatInr takes paise. */}
        <Limit label="Value per order" value={MaxOrderValue === null ? null : formatInr(rupeesToPaise(MaxOrderValue))} />
      </SimpleGrid>
    </Card>
  );
}

function Limit({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fz="xl" fw={700} className="tabular">
        {value ?? 'No limit'}
      </Text>
    </div>
  );
}
