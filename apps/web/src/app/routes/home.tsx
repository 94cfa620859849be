import { normaliseRole, type UserProfile } from '@frameport/domain/contract';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { OrderingLimitsCard } from '../../features/account/components/ordering-limits-card.tsx';
import { profileQueries } from '../../features/auth/api.ts';
import { getErrorMessage } from '../../lib/api-client.ts';

/**
 * /home for now: who is signed in and their ordering limits. The catalogue issue replaces the
 * body with the banner carousel and the material, shape, price and colour sections.
 */
export function HomeRoute() {
  const profile = useQuery(profileQueries.detail());

  return (
    <>
      <title>Home · Frameport</title>
      {profile.isPending ? (
        <HomeSkeleton />
      ) : profile.isError ? (
        <Stack gap="lg">
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            Welcome
          </Title>
          <Alert
            color="red"
            variant="light"
            title="Your account details could not be loaded"
            icon={<IconAlertCircle size={18} aria-hidden="true" />}
          >
            <Text size="sm">{getErrorMessage(profile.error)}</Text>
            <Button mt="sm" size="xs" variant="default" onClick={() => void profile.refetch()} loading={profile.isFetching}>
              Retry
            </Button>
          </Alert>
        </Stack>
      ) : (
        <Welcome profile={profile.data} />
      )}
    </>
  );
}

function Welcome({ profile }: { profile: UserProfile }) {
  const isSalesExecutive = normaliseRole(profile.RoleName) === 'salesexecutive';
  const place = [profile.City, profile.StateName].filter(Boolean).join(', ');

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          Welcome, {profile.Name}
        </Title>
        <Group gap="xs" mt={6}>
          {profile.BusinessName && (
            <Text fw={500} size="lg">
              {profile.BusinessName}
            </Text>
          )}
          <Badge variant="light" radius="sm">
            {profile.RoleName}
          </Badge>
        </Group>
      </div>

      {isSalesExecutive && (
        <Alert variant="light" icon={<IconUsers size={18} aria-hidden="true" />}>
          You can choose a retailer to act for from Switch User.
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <OrderingLimitsCard
          MaxLimitPerVariant={profile.MaxLimitPerVariant}
          MaxOrderQuantity={profile.MaxOrderQuantity}
          MaxOrderValue={profile.MaxOrderValue}
        />
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="account-title">
          <Title order={2} fz="h4" id="account-title">
            Your account
          </Title>
          <Stack component="dl" gap="xs" mt="md" mb={0}>
            <Detail label="Email" value={profile.Email} />
            <Detail label="Phone" value={profile.PhoneNumber} />
            <Detail label="GSTIN" value={profile.GSTIN} />
            <Detail label="Location" value={place || null} />
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Group gap="md" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" w={84} style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value ?? 'N/A'}
      </Text>
    </Group>
  );
}

function HomeSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true">
      <VisuallyHidden>Loading your account…</VisuallyHidden>
      <div>
        <Skeleton height={34} width="min(22rem, 80%)" />
        <Skeleton height={20} width="min(14rem, 60%)" mt={12} />
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton height={168} radius="md" />
        <Skeleton height={168} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}
