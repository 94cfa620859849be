import { Box, Burger, Container, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { LOGIN_PATH } from '../../../lib/next-path.ts';
import { CONTACT_LINK, HEADER_LINKS, MARKETING_PATHS, type MarketingLink } from '../links.ts';
import { partnerLogin } from '../partner-login.ts';
import classes from './marketing-header.module.css';

/**
 * The public header (spec section 2): About, Careers, News Room, Partner Log-in, Contact Us.
 * Below 768 px the links move into a side drawer opened by the burger.
 */
export function MarketingHeader() {
  const [opened, drawer] = useDisclosure(false);
  const navigate = useNavigate();

  // A real link to /login underneath, so a middle click or a crawler still reaches it.
  const openLogin = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    drawer.close();
    partnerLogin.open(navigate);
  };

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <Link to={MARKETING_PATHS.home} className={classes.brandLink}>
          <BrandMark tone="light" />
        </Link>
        <Box component="nav" aria-label="Main" visibleFrom="sm">
          <NavigationLinks onLogin={openLogin} className={classes.inlineLinks} />
        </Box>
        <Burger
          hiddenFrom="sm"
          opened={opened}
          onClick={drawer.toggle}
          color="white"
          size="sm"
          aria-label="Open navigation"
          aria-expanded={opened}
          aria-controls="public-navigation"
        />
      </Container>

      <Drawer.Root opened={opened} onClose={drawer.close} position="right" size="80%" hiddenFrom="sm">
        <Drawer.Overlay />
        <Drawer.Content id="public-navigation">
          {/* role="none": a second <header> banner landmark inside the dialog would confuse screen readers. */}
          <Drawer.Header role="none">
            <Drawer.Title>
              <BrandMark />
            </Drawer.Title>
            <Drawer.CloseButton aria-label="Close navigation" />
          </Drawer.Header>
          <Drawer.Body px={0}>
            <nav aria-label="Main">
              <NavigationLinks onLogin={openLogin} onNavigate={drawer.close} className={classes.drawerLinks} />
            </nav>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </header>
  );
}

type NavigationLinksProps = {
  onLogin: (event: MouseEvent<HTMLAnchorElement>) => void;
  onNavigate?: () => void;
  className: string | undefined;
};

function NavigationLinks({ onLogin, onNavigate, className }: NavigationLinksProps) {
  return (
    <ul className={className}>
      {HEADER_LINKS.map((link) => (
        <PageLink key={link.to} link={link} onNavigate={onNavigate} />
      ))}
      <li>
        <a href={LOGIN_PATH} onClick={onLogin} className={classes.loginLink}>
          Partner Log-in
        </a>
      </li>
      <PageLink link={CONTACT_LINK} onNavigate={onNavigate} />
    </ul>
  );
}

function PageLink({ link, onNavigate }: { link: MarketingLink; onNavigate: (() => void) | undefined }) {
  return (
    <li>
      <NavLink to={link.to} onClick={onNavigate} className={classes.link}>
        {link.label}
      </NavLink>
    </li>
  );
}
