import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './marketing.module.css';

type PageHeroProps = {
  title: string;
  lead: string;
  /** An inline illustration (see illustrations.tsx); drawn beside the text from 768 px. */
  illustration?: ReactNode;
  children?: ReactNode;
};

/** The banner at the top of a public page, holding its one h1. */
export function PageHero({ title, lead, illustration, children }: PageHeroProps) {
  return (
    <section className={classes.hero}>
      <Container size="lg" className={classes.heroInner}>
        <div>
          <Title order={1} className={classes.heroTitle}>
            {title}
          </Title>
          <Text className={classes.heroLead}>{lead}</Text>
          {children}
        </div>
        {illustration && <div className={classes.heroArt}>{illustration}</div>}
      </Container>
    </section>
  );
}
