import { Anchor, Container, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router.tsx';
import { BackLink } from '../../../features/marketing/components/back-link.tsx';
import classes from '../../../features/marketing/components/marketing.module.css';
import { PageHero } from '../../../features/marketing/components/page-hero.tsx';
import { PageMeta } from '../../../features/marketing/components/page-meta.tsx';
import { MARKETING_PATHS } from '../../../features/marketing/links.ts';

const PRIVACY_EMAIL = 'privacy@frameport.test';

/** /privacy-policy: what the partner portal collects and why, under India's DPDP Act 2023. */
export function PrivacyPolicyRoute() {
  return (
    <>
      <PageMeta
        title="Privacy policy"
        description="How Frameport collects, uses and protects the personal data of its retail partners, under the Digital Personal Data Protection Act, 2023."
      />
      <PageHero title="Privacy policy" lead="Last updated 1 January 2026." />
      <section className={classes.section}>
        <Container size="lg" className={classes.prose}>
          <BackLink />
          <Text component="p">
            Frameport Eyewear Distributors LLP, Hyderabad (&ldquo;Frameport&rdquo;, &ldquo;we&rdquo;) runs this website and
            the partner ordering portal. This policy explains what personal data we process and your rights under the
            Digital Personal Data Protection Act, 2023 (DPDP Act).
          </Text>

          <Title order={2}>What we collect</Title>
          <ul>
            <li>Account details of your business contact: name, email address and phone numbers.</li>
            <li>Business details needed for GST invoices: business name, GSTIN, PAN and billing and shipping addresses.</li>
            <li>Orders, invoices and payments made through the portal.</li>
            <li>Technical data needed to keep you signed in and the portal secure, such as sign-in times.</li>
          </ul>

          <Title order={2}>Why we use it</Title>
          <Text component="p">
            To run your partner account, process and deliver orders, issue tax invoices, collect payments, answer your
            questions and meet our legal obligations. We do not sell personal data and we do not use it for third-party
            advertising.
          </Text>

          <Title order={2}>Who we share it with</Title>
          <Text component="p">
            Only with the service providers we need to deliver your orders and payments (logistics partners, payment
            gateways, our hosting provider), bound by contract to use it for that purpose, and with authorities where the
            law requires it.
          </Text>

          <Title order={2}>How long we keep it</Title>
          <Text component="p">
            For as long as your partner account is active, and afterwards as long as tax and accounting laws require us to
            keep invoices and order records (generally eight years).
          </Text>

          <Title order={2}>Your rights</Title>
          <Text component="p">
            You can ask to access, correct or erase your personal data, withdraw consent where we rely on it, and nominate
            a person to exercise these rights for you. Write to our grievance officer at{' '}
            <Anchor href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</Anchor>; we reply within 30 days. If you are not
            satisfied, you may complain to the Data Protection Board of India.
          </Text>

          <Title order={2}>Cookies</Title>
          <Text component="p">
            See our{' '}
            <Anchor component={Link} to={MARKETING_PATHS.cookies}>
              cookie policy
            </Anchor>{' '}
            for the small amount of browser storage the portal uses.
          </Text>
        </Container>
      </section>
    </>
  );
}
