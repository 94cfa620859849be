import type { CSSProperties } from 'react';
import { Container, Text, Title } from '@mantine/core';
import { BackLink } from '../../../features/marketing/components/back-link.tsx';
import classes from '../../../features/marketing/components/marketing.module.css';
import { PageHero } from '../../../features/marketing/components/page-hero.tsx';
import { PageMeta } from '../../../features/marketing/components/page-meta.tsx';
import { BRANDS, COMPANY_FACTS } from '../../../features/marketing/company.ts';

/** /brands: the five portfolio brands. */
export function BrandsRoute() {
  return (
    <>
      <PageMeta
        title="Our brands"
        description="Frameport's five eyewear brands for optical retailers: Frameport Classic, Urban Optix, Kids Zone, SunStreet and Lumen Pro."
      />
      <PageHero
        title="Our brands"
        lead={`Five brands, one order: everyday frames, trend shapes, kids' frames, sunglasses and a premium titanium line, most of them between ${COMPANY_FACTS.valueSegment}.`}
      />
      <section className={classes.section}>
        <Container size="lg">
          <BackLink />
          <ul className={classes.cardGrid} style={{ '--columns': 3 } as CSSProperties}>
            {BRANDS.map((brand) => (
              <li key={brand.name}>
                <article className={classes.card}>
                  <Title order={2}>{brand.name}</Title>
                  <Text fw={600} c="frameport.7" mb="xs">
                    {brand.tagline}
                  </Text>
                  <Text c="dimmed">{brand.body}</Text>
                </article>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  );
}
