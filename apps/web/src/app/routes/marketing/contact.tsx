import { Anchor, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { contentQueries } from '../../../features/content/api.ts';
import { BackLink } from '../../../features/marketing/components/back-link.tsx';
import { MapIllustration } from '../../../features/marketing/components/illustrations.tsx';
import classes from '../../../features/marketing/components/marketing.module.css';
import { PageHero } from '../../../features/marketing/components/page-hero.tsx';
import { PageMeta } from '../../../features/marketing/components/page-meta.tsx';
import { BUSINESS_EMAIL, CAREERS_EMAIL } from '../../../features/marketing/company.ts';
import { mapHref, telHref } from '../../../features/content/contact-links.ts';

/**
 * /contact: sales office, customer service, business enquiries and careers. The office's
 * address, phone and service email come from the corporate details (public API). The map is
 * a drawing with a link to the address on OpenStreetMap: the site's CSP allows no external
 * frame, which is the spec's "map that cannot load" case, so it is always the address link.
 */
export function ContactRoute() {
  const details = useQuery(contentQueries.corporateDetails());

  return (
    <>
      <PageMeta
        title="Contact us"
        description="Contact Frameport in Hyderabad: the sales office, customer service for partners, business enquiries and careers."
      />
      <PageHero title="Contact us" lead="Questions about an order, becoming a partner or working with us: here is who to ask." />
      <section className={classes.section}>
        <Container size="lg">
          <BackLink />
          <ul className={classes.cardGrid}>
            <ContactCard title="Sales office">
              {details.data ? (
                <address style={{ fontStyle: 'normal' }}>
                  <Text>{details.data.Address}</Text>
                  <Anchor href={`tel:${telHref(details.data.ContactNumber)}`} className="tabular">
                    {details.data.ContactNumber}
                  </Anchor>
                </address>
              ) : (
                <DetailsState failed={details.isError} />
              )}
            </ContactCard>
            <ContactCard title="Customer service">
              {details.data ? (
                <Stack gap={4}>
                  <Text>For partners: orders, deliveries, invoices and returns, Monday to Saturday, 10 am to 7 pm.</Text>
                  <Anchor href={`mailto:${details.data.EmailId}`}>{details.data.EmailId}</Anchor>
                </Stack>
              ) : (
                <DetailsState failed={details.isError} />
              )}
            </ContactCard>
            <ContactCard title="Business enquiries">
              <Text>Opening a store account, distribution and brand partnerships.</Text>
              <Anchor href={`mailto:${BUSINESS_EMAIL}`}>{BUSINESS_EMAIL}</Anchor>
            </ContactCard>
            <ContactCard title="Careers">
              <Text>Send your CV and the role you are interested in.</Text>
              <Anchor href={`mailto:${CAREERS_EMAIL}`}>{CAREERS_EMAIL}</Anchor>
            </ContactCard>
          </ul>
        </Container>
      </section>

      <section className={classes.sectionAlt} aria-labelledby="contact-map">
        <Container size="sm">
          <Title order={2} id="contact-map" className={classes.sectionTitle}>
            Find us
          </Title>
          <figure className={classes.mapFigure}>
            <MapIllustration label="Map pin marking the Frameport sales office in Hyderabad" />
            <figcaption>
              {details.data ? (
                <Anchor href={mapHref(details.data.Address)} target="_blank" rel="noopener noreferrer">
                  Open {details.data.Address} on OpenStreetMap (opens in a new tab)
                </Anchor>
              ) : (
                <DetailsState failed={details.isError} />
              )}
            </figcaption>
          </figure>
        </Container>
      </section>
    </>
  );
}

function ContactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <li>
      <article className={classes.card}>
        <Title order={2}>{title}</Title>
        {children}
      </article>
    </li>
  );
}

function DetailsState({ failed }: { failed: boolean }) {
  if (failed) return <Text c="dimmed">Our contact details could not be loaded. Please try again later.</Text>;
  return (
    <Stack gap={8} aria-hidden="true">
      <Skeleton height={14} width="85%" />
      <Skeleton height={14} width="55%" />
    </Stack>
  );
}
