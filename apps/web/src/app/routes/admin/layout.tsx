import { ROLE_NAMES, normaliseRole } from '@frameport/domain/contract/auth';
import { messages } from '@frameport/domain/messages';
import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet } from 'react-router';
import { AppScrollRestoration } from '../../scroll-restoration.tsx';
import { ADMIN_LINKS, ADMIN_PATH, HOME_PATH } from '../../../config/paths.ts';
import { logout } from '../../../features/auth/api.ts';
import { profileQueries } from '../../../lib/profile-queries.ts';
import classes from './admin-layout.module.css';

/**
 * The back office's shell (/admin, staff only: RequireStaff is around it): a compact header with
 * the nav, a way back to the ordering app for admins, who is signed in (name and role) and Sign out.
 */
export function AdminLayout() {
  const profile = useQuery(profileQueries.detail(null));
  const role = profile.data ? normaliseRole(profile.data.RoleName) : null;
  const roleName = role !== null && role in ROLE_NAMES ? ROLE_NAMES[role as keyof typeof ROLE_NAMES] : profile.data?.RoleName;

  return (
    <div className={classes.shell}>
      <AppScrollRestoration />
      <a href="#main" className="skip-link">
        {messages.nav.skipToContent}
      </a>
      <header className={classes.header}>
        <div className={classes.bar}>
          <Link to={ADMIN_PATH} className={classes.brand}>
            Frameport back office
          </Link>
          <nav aria-label="Back office" className={classes.nav}>
            <NavLink to={ADMIN_LINKS.orders} className={classes.navLink}>
              Orders
            </NavLink>
            {role === 'admin' && (
              <Link to={HOME_PATH} className={classes.navLink}>
                Ordering app
              </Link>
            )}
          </nav>
          <div className={classes.user}>
            {profile.data && (
              <Text span size="sm" className={classes.userName} title={profile.data.Email}>
                {profile.data.Name}
                <Text span size="xs" c="frameport.1" ml={6}>
                  {roleName}
                </Text>
              </Text>
            )}
            <Button size="compact-sm" variant="white" color="frameport" onClick={logout}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}
