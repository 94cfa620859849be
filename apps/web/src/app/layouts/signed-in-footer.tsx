import { Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark.tsx';
import { contentQueries } from '../../features/content/api.ts';
import { LEGAL_LINKS, SUPPORT_LINKS, supportPath } from '../../features/content/support-pages.ts';
import type { NavLinkItem } from '../../features/navigation/links.ts';
import classes from './signed-in-layout.module.css';

/**
 * The signed-in footer (spec section 2): Products by gender, Support and Legal pages, the
 * company's address, email and phone, and the copyright year from the FOOTER page.
 */
export function SignedInFooter({ products, productsLoading }: { products: NavLinkItem[]; productsLoading: boolean }) {
  const footerPage = useQuery(contentQueries.page('FOOTER'));
  const year = footerPage.data?.Year ?? null;

  return (
    <footer className={classes.footer}>
      <Container size="xl">
        <div className={classes.footerGrid}>
          <div className={classes.footerCompany}>
            <BrandMark />
            <Text size="sm" c="dimmed" mt={6} mb="md">
              Wholesale eyewear for optical retailers across India
            </Text>
            <CorporateDetails />
          </div>
          <LinkColumn title="Products" links={products} loading={productsLoading} />
          <LinkColumn
            title="Support"
            links={SUPPORT_LINKS.map((link) => ({ label: link.label, to: supportPath(link.pageName) }))}
          />
          <LinkColumn title="Legal" links={LEGAL_LINKS.map((link) => ({ label: link.label, to: supportPath(link.pageName) }))} />
        </div>
        {/* The line keeps its height while the year loads: nothing below it moves. */}
        <Text size="sm" c="dimmed" className={classes.copyright}>
          {year && `© ${year} Frameport`}
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
            <Anchor component={Link} to={link.to} size="sm" c="gray.8" className={classes.footerLink}>
              {link.label}
            </Anchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CorporateDetails() {
  const details = useQuery(contentQueries.corporateDetails());

  if (details.isPending) {
    return (
      <Stack gap={8} aria-hidden="true">
        <Skeleton height={14} width="80%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={14} width="50%" />
      </Stack>
    );
  }
  if (details.isError) {
    return (
      <Text size="sm" c="dimmed">
        Our contact details could not be loaded.
      </Text>
    );
  }

  const { Address, EmailId, ContactNumber } = details.data;
  return (
    <address className={classes.corporate}>
      <span className={classes.corporateLine}>
        <IconMapPin size={16} aria-hidden="true" className={classes.corporateIcon} />
        <Text component="span" size="sm">
          {Address}
        </Text>
      </span>
      <span className={classes.corporateLine}>
        <IconMail size={16} aria-hidden="true" className={classes.corporateIcon} />
        <Anchor href={`mailto:${EmailId}`} size="sm">
          {EmailId}
        </Anchor>
      </span>
      <span className={classes.corporateLine}>
        <IconPhone size={16} aria-hidden="true" className={classes.corporateIcon} />
        <Anchor href={`tel:${telHref(ContactNumber)}`} size="sm" className="tabular">
          {ContactNumber}
        </Anchor>
      </span>
    </address>
  );
}

/** '+91 40 4012 3456' → '+914040123456' (digits and a leading +). */
function telHref(number: string): string {
  const digits = number.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '');
}
