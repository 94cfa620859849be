import { Avatar, Badge, Menu, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconFileInvoice, IconKey, IconListDetails, IconLogout, IconUser, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useActing } from '../../acting/use-acting.ts';
import { useSession } from '../../../lib/session.ts';
import { logout, profileQueries } from '../api.ts';
import classes from './profile-menu.module.css';

/** The profile screen's tabs, chosen by a URL flag (spec section 2; no flag is My Profile). */
export const PROFILE_LINKS = {
  profile: '/profile',
  orders: '/profile?order=true',
  switchUser: '/profile?switch-user=true',
  changePassword: '/profile?change-password=true',
  invoices: '/profile?my-invoices=true',
} as const;

export type ProfileMenuEntry = { label: string; to: string; icon: ReactNode };

/**
 * The profile entries in the spec's order: My Orders and My Invoices once the user can order (a
 * sales executive after choosing a retailer), Switch User for sales executives only. Logout
 * follows them.
 */
export function profileMenuEntries({ isSalesExecutive, canOrder }: { isSalesExecutive: boolean; canOrder: boolean }): ProfileMenuEntry[] {
  const entries: (ProfileMenuEntry | false)[] = [
    { label: 'My Profile', to: PROFILE_LINKS.profile, icon: <IconUser size={16} aria-hidden="true" /> },
    canOrder && { label: 'My Orders', to: PROFILE_LINKS.orders, icon: <IconListDetails size={16} aria-hidden="true" /> },
    isSalesExecutive && { label: 'Switch User', to: PROFILE_LINKS.switchUser, icon: <IconUsers size={16} aria-hidden="true" /> },
    { label: 'Change Password', to: PROFILE_LINKS.changePassword, icon: <IconKey size={16} aria-hidden="true" /> },
    canOrder && { label: 'My Invoices', to: PROFILE_LINKS.invoices, icon: <IconFileInvoice size={16} aria-hidden="true" /> },
  ];
  return entries.filter((entry): entry is ProfileMenuEntry => entry !== false);
}

/** "Asha Verma" → "AV"; "asha@store.in" → "A". */
export function initialsOf(name: string): string {
  const words = name.replace(/@.*$/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((word) => (word ?? '').charAt(0).toUpperCase()).join('') || '?';
}

/** The avatar button at the right of the header: who is signed in, the profile tabs and Logout. */
export function ProfileMenu() {
  const session = useSession();
  const acting = useActing();
  const profile = useQuery(profileQueries.detail());
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
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={logout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
