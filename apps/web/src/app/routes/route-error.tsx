import { messages } from '@frameport/domain/messages';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found.tsx';

/** A screen that threw while rendering or loading its code. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="md" maw={440} ta="center" role="alert">
        <IconAlertTriangle size={40} stroke={1.6} color="var(--mantine-color-orange-8)" aria-hidden="true" />
        <Title order={1} fz="h2">
          {messages.http.crashedTitle}
        </Title>
        <Text c="dimmed">{messages.http.crashed}</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button component={Link} to="/home" variant="default">
            {messages.actions.goHome}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
