import { messages } from '@frameport/domain/messages';
import { Avatar, Badge, Menu, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { lensLoginEntry, profileMenuEntries } from '../../../components/profile-menu-entries.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { useActing } from '../../../lib/use-acting.ts';
import { useSession } from '../../../lib/session.ts';
import { profileQueries } from '../../../lib/profile-queries.ts';
import { logout } from '../api.ts';
import classes from './profile-menu.module.css';

/** "Asha Verma" → "AV"; "asha@store.in" → "A". */
export function initialsOf(name: string): string {
  const words = name.replace(/@.*$/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((word) => (word ?? '').charAt(0).toUpperCase()).join('') || '?';
}

/**
 * The avatar button at the right of the header: who is signed in, the profile tabs, the lens
 * product's login (when configured) and Logout.
 */
export function ProfileMenu() {
  const session = useSession();
  const acting = useActing();
  const profile = useQuery(profileQueries.detail());
  const lensLogin = lensLoginEntry(useAppConfig().lensLoginUrl);
  // Initials from the profile; the sign-in email only if the profile cannot be loaded (no jump from 'A' to 'AV').
  const displayName = profile.data?.Name ?? (profile.isError ? (session?.userName ?? '') : '');

  return (
    <Menu position="bottom-end" width={260} shadow="md" withInitialFocusPlaceholder={false} withinPortal={false}>
      <Menu.Target>
        <UnstyledButton className={classes.trigger} aria-label="Profile menu">
          {/* Spans only: a button may hold phrasing content alone. */}
          {profile.data && (
            <span className={classes.who}>
              <span className={classes.name}>{profile.data.Name}</span>
              {profile.data.BusinessName && <span className={classes.business}>{profile.data.BusinessName}</span>}
            </span>
          )}
          <Avatar
            component="span"
            radius="xl"
            size={36}
            src={profile.data?.ProfilePictureUrl ?? null}
            alt=""
            classNames={{ placeholder: classes.avatarPlaceholder }}
          >
            {displayName ? initialsOf(displayName) : null}
          </Avatar>
          <IconChevronDown size={16} className={classes.chevron} aria-hidden="true" />
        </UnstyledButton>
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
