import { Burger, Container, Drawer, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconHome, IconLogout } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { logout } from '../../features/auth/api.ts';
import { ProfileMenu } from '../../features/auth/components/profile-menu.tsx';
import classes from './signed-in-layout.module.css';

/** Every signed-in screen: sticky header, the screen, footer. */
export function SignedInLayout() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();

  return (
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={classes.header}>
        <Container size="xl" className={classes.bar}>
          <Group gap={6} wrap="nowrap">
            <Burger
              hiddenFrom="sm"
              opened={drawerOpened}
              onClick={drawer.toggle}
              color="white"
              size="sm"
              aria-label="Open navigation"
              aria-expanded={drawerOpened}
            />
            <Link to="/home" className={classes.brandLink}>
              <BrandMark tone="light" />
            </Link>
          </Group>
          <ProfileMenu />
        </Container>
      </header>

      <main id="main" tabIndex={-1} className={classes.main}>
        <Container size="xl">
          <Outlet />
        </Container>
      </main>

      <footer className={classes.footer}>
        <Container size="xl" className={classes.footerInner}>
          <Stack gap={4}>
            <BrandMark />
            <Text size="sm" c="dimmed">
              Wholesale eyewear for optical retailers across India
            </Text>
          </Stack>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Frameport
          </Text>
        </Container>
      </footer>

      <Drawer.Root opened={drawerOpened} onClose={drawer.close} size="80%" hiddenFrom="sm">
        <Drawer.Overlay />
        <Drawer.Content>
          {/* role="none": a second <header> banner landmark inside the dialog would confuse screen readers. */}
          <Drawer.Header role="none">
            <Drawer.Title>
              <BrandMark />
            </Drawer.Title>
            <Drawer.CloseButton aria-label="Close navigation" />
          </Drawer.Header>
          <Drawer.Body>
            <nav aria-label="Main">
              <NavLink
                component={Link}
                to="/home"
                label="Home"
                leftSection={<IconHome size={18} aria-hidden="true" />}
                active={pathname === '/home'}
                onClick={drawer.close}
              />
              <NavLink
                component="button"
                type="button"
                label="Logout"
                leftSection={<IconLogout size={18} aria-hidden="true" />}
                onClick={logout}
              />
            </nav>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </div>
  );
}
