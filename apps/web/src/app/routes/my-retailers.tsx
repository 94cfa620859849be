import { normaliseRole } from '@frameport/domain/contract/auth';
import { messages } from '@frameport/domain/messages';
import { Button, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '../../lib/router.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../components/load-error.tsx';
import { resetForNewRetailer } from '../../features/acting/reset-queries.ts';
import { MyRetailersPage, type ActFor } from '../../features/my-retailers/components/my-retailers-page.tsx';
import { getActingRetailer, setActingRetailer } from '../../lib/acting-store.ts';
import { profileQueries } from '../../lib/profile-queries.ts';
import { HOME_PATH } from '../../config/paths.ts';

/**
 * /my-retailers: a sales executive's cockpit, for sales executives only: anyone else is told so and
 * offered the home page (the server refuses them the call as well).
 */
export function MyRetailersRoute() {
  const profile = useQuery(profileQueries.detail(null));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // One tap: the Switch User choice (unless it is already this retailer), then their screen.
  const actFor: ActFor = async (retailer, to) => {
    if (getActingRetailer()?.id !== retailer.id) {
      setActingRetailer(retailer);
      await resetForNewRetailer(queryClient);
    }
    await navigate(to);
  };
  if (profile.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading your retailers">
        <Skeleton height={34} width={200} />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  }
  if (profile.isError) return <LoadError title={messages.profile.accountLoadFailed} {...retryQuery(profile)} />;
  if (normaliseRole(profile.data.RoleName) !== 'salesexecutive') {
    return (
      <EmptyState
        headingOrder={1}
        title={messages.content.pageNotFoundTitle}
        description="This page is for sales executives."
        action={
          <Button component={Link} to={HOME_PATH}>
            {messages.actions.goHome}
          </Button>
        }
      />
    );
  }
  return <MyRetailersPage actFor={actFor} />;
}
