import { messages } from '@frameport/domain/messages';
import { Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useRef } from 'react';
import { Link } from '../../lib/router.tsx';
import { BrandMark } from '../../components/brand-mark.tsx';
import { useNearViewport } from '../../components/use-near-viewport.ts';
import CopyrightYear from '../../features/content/components/copyright-year.tsx';
import CorporateDetails from '../../features/content/components/corporate-details.tsx';
import { CorporateDetailsSkeleton } from '../../features/content/components/corporate-details-skeleton.tsx';
import { LEGAL_LINKS, SUPPORT_LINKS, supportPath } from '../../features/content/support-pages.ts';
import type { NavLinkItem } from '../../features/navigation/links.ts';
import classes from './signed-in-layout.module.css';

/**
 * The signed-in footer (spec section 2): Products by gender, Support and Legal pages, the
 * company's address, email and phone, and the copyright year from the FOOTER page. The address and
 * the year are asked for when the reader nears the footer (at once on a short page), as in the
 * public footer: on a phone's network their two requests were among the six the screen's own data
 * and code wait behind, for a part of the page below the fold.
 */
export function SignedInFooter({ products, productsLoading }: { products: NavLinkItem[]; productsLoading: boolean }) {
  const footer = useRef<HTMLElement>(null);
  const near = useNearViewport(footer);
  return (
    <footer ref={footer} className={classes.footer}>
      <Container size="xl">
        <div className={classes.footerGrid}>
          <div className={classes.footerCompany}>
            <BrandMark />
            <Text size="sm" c="dimmed" mt={6} mb="md">
              {messages.footer.tagline}
            </Text>
            {near ? <CorporateDetails /> : <CorporateDetailsSkeleton />}
          </div>
          <LinkColumn title="Products" links={products} loading={productsLoading} />
          <LinkColumn
            title={messages.footer.support}
            links={SUPPORT_LINKS.map((link) => ({ label: link.label, to: supportPath(link.pageName) }))}
          />
          <LinkColumn title={messages.footer.legal} links={LEGAL_LINKS.map((link) => ({ label: link.label, to: supportPath(link.pageName) }))} />
        </div>
        {/* The line keeps its height while the year loads: nothing below it moves. */}
        <Text size="sm" c="dimmed" className={classes.copyright}>
          {near && <CopyrightYear holder="Frameport" />}
        </Text>
      </Container>
    </footer>
  );
}

function LinkColumn({ title, links, loading = false }: { title: string; links: NavLinkItem[]; loading?: boolean }) {
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId}>
      <Title order={2} id={titleId} className={classes.footerTitle}>
        {title}
      </Title>
      {loading && (
        <Stack gap={14} pt={8} aria-hidden="true">
          {[60, 70, 50, 65].map((width) => (
            <Skeleton key={width} height={12} width={`${width}%`} />
          ))}
        </Stack>
      )}
      <ul className={classes.footerLinks}>
        {links.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} size="sm" c="gray.8" className={`${classes.footerLink} tap-target`}>
              {link.label}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
