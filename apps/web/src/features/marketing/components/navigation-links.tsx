import type { MouseEvent } from 'react';
import { NavLink } from '../../../lib/router.tsx';
import { LOGIN_PATH } from '../../../config/paths.ts';
import { CONTACT_LINK, HEADER_LINKS, type MarketingLink } from '../links.ts';
import classes from './marketing-header.module.css';

type NavigationLinksProps = {
  onLogin: (event: MouseEvent<HTMLAnchorElement>) => void;
  onNavigate?: (() => void) | undefined;
  className: string | undefined;
};

/** The public header's links, in the spec's order: About, Careers, News Room, Partner Log-in, Contact Us. */
export function NavigationLinks({ onLogin, onNavigate, className }: NavigationLinksProps) {
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
