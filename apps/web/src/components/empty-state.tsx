import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  /** What to do next (UI.md: empty states say it), e.g. a Clear filters button. */
  action?: ReactNode;
  /** Heading level: 1 when the state is the whole page, else 2 (default) or 3. */
  headingOrder?: 1 | 2 | 3;
};

/** A calm, centred "nothing here" block with the next step. */
export function EmptyState({ icon, title, description, action, headingOrder = 2 }: EmptyStateProps) {
  return (
    <Stack align="center" gap="sm" py={48} px="md" ta="center" maw={480} mx="auto">
      {icon && (
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden="true">
          {icon}
        </ThemeIcon>
      )}
      <Title order={headingOrder} fz="h3">
        {title}
      </Title>
      {description && <Text c="dimmed">{description}</Text>}
      {action}
    </Stack>
  );
}
