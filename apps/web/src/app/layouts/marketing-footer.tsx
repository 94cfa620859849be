import { messages } from '@frameport/domain/messages';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useRef } from 'react';
import { Link } from '../../lib/router.tsx';
import { BrandMark } from '../../components/brand-mark.tsx';
import { useNearViewport } from '../../components/use-near-viewport.ts';
import { CorporateDetailsSkeleton } from '../../features/content/components/corporate-details-skeleton.tsx';
import { FOOTER_LINKS, LEGAL_LINKS, type MarketingLink } from '../../features/marketing/links.ts';
import classes from './marketing-footer.module.css';

/** The contact block reads the corporate details through the API's schemas: a later chunk, loaded near the footer. */
const CorporateContacts = lazy(() => import('../../features/content/components/corporate-details.tsx'));
const CopyrightYear = lazy(() => import('../../features/content/components/copyright-year.tsx'));

/** The public footer: the company's address and contacts (from the API), the site's pages, the year. */
export function MarketingFooter() {
  // The footer's API-fed parts load when the reader nears the footer (at once on a short page).
  const footer = useRef<HTMLElement>(null);
  const near = useNearViewport(footer);
  return (
    <footer ref={footer} className={classes.footer}>
      <Container size="lg">
        <div className={classes.grid}>
          <div>
            <BrandMark />
            <Text size="sm" c="dimmed" mt={6} mb="md">
              {messages.footer.tagline}
            </Text>
            {near ? (
              <Suspense fallback={<CorporateDetailsSkeleton />}>
                <CorporateContacts />
              </Suspense>
            ) : (
              <CorporateDetailsSkeleton />
            )}
          </div>
          <LinkColumn title="Company" links={FOOTER_LINKS} />
          <LinkColumn title={messages.footer.legal} links={LEGAL_LINKS} />
        </div>
        <Text size="sm" c="dimmed" className={classes.copyright}>
          {/* The year is editable data (the FOOTER page); the line keeps its height while it loads. */}
          {near && (
            <Suspense fallback={null}>
              <CopyrightYear holder="Frameport Eyewear Distributors LLP" />
            </Suspense>
          )}
        </Text>
      </Container>
    </footer>
  );
}

function LinkColumn({ title, links }: { title: string; links: MarketingLink[] }) {
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId}>
      <Title order={2} id={titleId} className={classes.title}>
        {title}
      </Title>
      <ul className={classes.links}>
        {links.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} size="sm" c="gray.8" className="tap-target">
              {link.label}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
