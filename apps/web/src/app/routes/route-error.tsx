import { messages } from '@frameport/domain/messages';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { Link, Outlet, useLocation, type Location } from '../../lib/router.tsx';

/** A screen that threw while rendering or loading its code. */
export function RouteErrorPage() {
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

type BoundaryState = { error: unknown; location: Location };

/**
 * The error page in place of what threw below it; the next navigation (another address, a changed
 * query) tries again. React logs what it caught (its onCaughtError).
 */
class ErrorBoundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('A screen threw nothing') };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState): BoundaryState | null {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteErrorPage />;
  }
}

/** Around a part of the route tree: `children`, or (as a route's element) the matched child route. */
export function RouteErrorBoundary({ children = <Outlet /> }: { children?: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary location={location}>{children}</ErrorBoundary>;
}
