import { Avatar, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useLoadOnIntent } from '../../../lib/load-on-intent.ts';
import { useSession } from '../../../lib/session.ts';
import { profileQueries } from '../../../lib/profile-queries.ts';
import classes from './profile-menu.module.css';

/** "Asha Verma" → "AV"; "asha@store.in" → "A". */
export function initialsOf(name: string): string {
  const words = name.replace(/@.*$/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words.slice(0, 1);
  return letters.map((word) => (word ?? '').charAt(0).toUpperCase()).join('') || '?';
}

/**
 * The avatar button at the right of the header (who is signed in: name and business from 768 px,
 * initials or picture): the stand-in of the first paint and the menu's own target alike.
 */
export const ProfileTrigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(function ProfileTrigger(props, ref) {
  const session = useSession();
  const profile = useQuery(profileQueries.detail());
  // Initials from the profile; the sign-in email only if the profile cannot be loaded (no jump from 'A' to 'AV').
  const displayName = profile.data?.Name ?? (profile.isError ? (session?.userName ?? '') : '');
  return (
    <UnstyledButton {...props} ref={ref} className={classes.trigger} aria-label="Profile menu">
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
  );
});

const loadMenu = () => import('./profile-menu-loaded.tsx');

/**
 * The profile menu: who is signed in, the profile tabs, the lens product's login (when configured)
 * and Logout. The first paint draws its button alone; the menu's code (Mantine's Menu, Popover,
 * floating-ui) loads when a pointer, the focus or a key first reaches it (`useLoadOnIntent`).
 */
export function ProfileMenu() {
  const { loaded, triggerProps } = useLoadOnIntent(loadMenu);
  if (loaded) return <loaded.module.ProfileMenuLoaded intent={loaded.intent} />;
  return <ProfileTrigger {...triggerProps} />;
}
