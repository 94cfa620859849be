import { Text, Title } from '@mantine/core';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import classes from './marketing.module.css';

type LinkCardProps = {
  title: string;
  to: string;
  icon: ReactNode;
  children: ReactNode;
  /** Replaces the navigation (Partner Login opens its own window); the href stays for a middle click. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
};

/** A card that is one link: the heading's link stretches over the whole card. */
export function LinkCard({ title, to, icon, children, onClick }: LinkCardProps) {
  return (
    <div className={`${classes.card} ${classes.linkCard}`}>
      <div className={classes.cardIcon}>{icon}</div>
      <Title order={2}>
        <Link to={to} onClick={onClick} className={classes.cardLink}>
          {title}
        </Link>
      </Title>
      <Text c="dimmed">{children}</Text>
    </div>
  );
}
