import { messages } from '@frameport/domain/messages';
import { Badge, Menu, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '../../../lib/router.tsx';
import { lensLoginEntry, profileMenuEntries } from '../../../components/profile-menu-entries.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import type { Intent } from '../../../lib/load-on-intent.ts';
import { useActing } from '../../../lib/use-acting.ts';
import { useIntentOnMount } from '../../../lib/use-intent-on-mount.ts';
import { useSession } from '../../../lib/session.ts';
import { profileQueries } from '../../../lib/profile-queries.ts';
import { logout } from '../api.ts';
import { ProfileTrigger } from './profile-menu.tsx';
import classes from './profile-menu.module.css';

/** The profile menu itself (`ProfileMenu` draws its button until this chunk arrives). */
export function ProfileMenuLoaded({ intent }: { intent: Intent }) {
  const session = useSession();
  const acting = useActing();
  const profile = useQuery(profileQueries.detail());
  const lensLogin = lensLoginEntry(useAppConfig().lensLoginUrl);
  const targetRef = useIntentOnMount(intent);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withInitialFocusPlaceholder={false} withinPortal={false}>
      <Menu.Target>
        <ProfileTrigger ref={targetRef} />
      </Menu.Target>

      <Menu.Dropdown>
        {/* Who is signed in: text, not a menu item; role="none" keeps it out of the menu's structure. */}
        <div className={classes.summary} role="none">
          {profile.data ? (
            <>
              <Text component="span" display="block" fw={600}>
                {profile.data.Name}
              </Text>
              {profile.data.BusinessName && (
                <Text component="span" display="block" size="sm" c="dimmed">
                  {profile.data.BusinessName}
                </Text>
              )}
              <Badge component="span" variant="light" size="sm" mt={8} radius="sm">
                {profile.data.RoleName}
              </Badge>
            </>
          ) : profile.isPending ? (
            <>
              <Skeleton height={14} width="70%" />
              <Skeleton height={12} width="50%" mt={8} />
            </>
          ) : (
            <Text component="span" size="sm">
              {session?.userName}
            </Text>
          )}
        </div>
        <Menu.Divider />
        {profileMenuEntries(acting).map((entry) => (
          <Menu.Item key={entry.to} component={Link} to={entry.to} leftSection={entry.icon}>
            {entry.label}
          </Menu.Item>
        ))}
        {lensLogin && (
          <Menu.Item component="a" href={lensLogin.href} target={lensLogin.target} rel={lensLogin.rel} leftSection={lensLogin.icon}>
            {lensLogin.label}
            <VisuallyHidden> {messages.account.opensInNewTab}</VisuallyHidden>
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={logout}>
          {messages.account.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
