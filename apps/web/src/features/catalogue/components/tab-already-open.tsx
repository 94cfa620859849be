import { messages } from '@frameport/domain/messages';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { Link } from '../../../lib/router.tsx';

/** Spec section 2: the product name plus ' - tab already open.' */
export function tabAlreadyOpenMessage(productName: string): string {
  return `${productName} - tab already open.`;
}

/** Shown instead of the product when another tab has it open. */
export function TabAlreadyOpen({ productName, onOpenHere }: { productName: string; onOpenHere: () => void }) {
  return (
    <Stack align="center" gap="md" py={56} px="md" ta="center" maw={520} mx="auto" role="status">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
        <IconCopy size={28} />
      </ThemeIcon>
      <Title order={1} fz="lg" fw={600}>
        {tabAlreadyOpenMessage(productName)}
      </Title>
      <Text c="dimmed" size="sm">
        Switch to the other tab, or show the product here; the other tab then steps back.
      </Text>
      <Group justify="center">
        <Button onClick={onOpenHere}>Open it here anyway</Button>
        <Button component={Link} to="/products" variant="default">
          {messages.actions.browseProducts}
        </Button>
      </Group>
    </Stack>
  );
}
