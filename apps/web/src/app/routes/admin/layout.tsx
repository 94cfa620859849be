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

/** The back office's sections, each shown to the roles that may use it (the API refuses the others anyway). */
const ADMIN_NAV = [
  { to: ADMIN_PATH, label: 'Dashboard', roles: ['admin', 'warehouse', 'accounts'] },
  { to: ADMIN_LINKS.orders, label: 'Orders', roles: ['admin', 'warehouse', 'accounts'] },
  { to: ADMIN_LINKS.products, label: 'Catalogue', roles: ['admin', 'warehouse'] },
  { to: ADMIN_LINKS.stock, label: 'Stock', roles: ['admin', 'warehouse'] },
  { to: ADMIN_LINKS.imports, label: 'Imports', roles: ['admin', 'warehouse'] },
  { to: ADMIN_LINKS.discounts, label: 'Discounts', roles: ['admin'] },
  { to: ADMIN_LINKS.gstRates, label: 'GST rates', roles: ['admin'] },
  { to: ADMIN_LINKS.content, label: 'Content', roles: ['admin'] },
  { to: ADMIN_LINKS.retailers(), label: 'Retailers', roles: ['admin', 'accounts'] },
  { to: ADMIN_LINKS.receivables, label: 'Receivables', roles: ['admin', 'accounts'] },
  { to: ADMIN_LINKS.salesReport, label: 'Sales', roles: ['admin', 'accounts'] },
  { to: ADMIN_LINKS.gstSummary, label: 'GST summary', roles: ['admin', 'accounts'] },
  { to: ADMIN_LINKS.salesTeam, label: 'Sales team', roles: ['admin'] },
  { to: ADMIN_LINKS.staff, label: 'Staff', roles: ['admin'] },
  { to: ADMIN_LINKS.audit, label: 'Audit log', roles: ['admin'] },
] as const;

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
            {ADMIN_NAV.filter((link) => role !== null && (link.roles as readonly string[]).includes(role)).map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === ADMIN_PATH} className={classes.navLink}>
                {link.label}
              </NavLink>
            ))}
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
