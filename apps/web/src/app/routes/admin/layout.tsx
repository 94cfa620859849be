import { ROLE_NAMES, normaliseRole } from '@frameport/domain/contract/auth';
import { messages } from '@frameport/domain/messages';
import { Box, Burger, Button, Drawer, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link, NavLink, Outlet } from '../../../lib/router.tsx';
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

type NavItem = { to: string; label: string; end: boolean };

/** The links, as the desktop bar and the phone's menu both list them (NavLink marks the current page with aria-current). */
function NavLinks({ items, className, onNavigate }: { items: readonly NavItem[]; className: string | undefined; onNavigate?: () => void }) {
  return items.map((item) => (
    <NavLink key={item.to} to={item.to} end={item.end} className={className} onClick={onNavigate}>
      {item.label}
    </NavLink>
  ));
}

/**
 * The back office's shell (/admin, staff only: RequireStaff is around it): a compact header with
 * the nav, a way back to the ordering app for admins, who is signed in (name and role) and Sign out.
 * Below 768 px the sixteen links would wrap into rows above every page, so they fold into a menu
 * button that opens a drawer with the same links (44 px rows); name, role and Sign out stay in the bar.
 */
export function AdminLayout() {
  const profile = useQuery(profileQueries.detail(null));
  const [menuOpened, menu] = useDisclosure(false);
  const role = profile.data ? normaliseRole(profile.data.RoleName) : null;
  const roleName = role !== null && role in ROLE_NAMES ? ROLE_NAMES[role as keyof typeof ROLE_NAMES] : profile.data?.RoleName;
  const items: NavItem[] = ADMIN_NAV.filter((link) => role !== null && (link.roles as readonly string[]).includes(role)).map((link) => ({
    to: link.to,
    label: link.label,
    end: link.to === ADMIN_PATH,
  }));
  if (role === 'admin') items.push({ to: HOME_PATH, label: 'Ordering app', end: false });

  return (
    <div className={classes.shell}>
      <AppScrollRestoration />
      <a href="#main" className="skip-link">
        {messages.nav.skipToContent}
      </a>
      <header className={classes.header}>
        <div className={classes.bar}>
          <Burger
            hiddenFrom="sm"
            opened={menuOpened}
            onClick={menu.toggle}
            color="white"
            size="sm"
            w={44}
            h={44}
            aria-label="Menu"
            aria-expanded={menuOpened}
            aria-controls="admin-nav-menu"
            className={classes.burger}
          />
          <Link to={ADMIN_PATH} className={classes.brand}>
            Frameport back office
          </Link>
          <Box component="nav" aria-label="Back office" visibleFrom="sm" className={classes.nav}>
            <NavLinks items={items} className={classes.navLink} />
          </Box>
          <div className={classes.user}>
            {profile.data && (
              <Text span size="sm" className={classes.userName} title={profile.data.Email}>
                {profile.data.Name}
                <Text span size="xs" c="frameport.1" ml={6}>
                  {roleName}
                </Text>
              </Text>
            )}
            <Button size="compact-sm" variant="white" color="frameport" onClick={logout} className={classes.signOut}>
              Sign out
            </Button>
          </div>
        </div>
      </header>
      <Drawer
        opened={menuOpened}
        onClose={menu.close}
        hiddenFrom="sm"
        size="80%"
        title="Frameport back office"
        closeButtonProps={{ 'aria-label': 'Close menu' }}
        id="admin-nav-menu"
      >
        <nav aria-label="Back office" className={classes.menu}>
          <NavLinks items={items} className={classes.menuLink} onNavigate={menu.close} />
        </nav>
      </Drawer>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </div>
  );
}
