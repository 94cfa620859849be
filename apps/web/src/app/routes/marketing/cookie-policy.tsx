import { Container, Text, Title } from '@mantine/core';
import { BackLink } from '../../../features/marketing/components/back-link.tsx';
import classes from '../../../features/marketing/components/marketing.module.css';
import { PageHero } from '../../../features/marketing/components/page-hero.tsx';
import { PageMeta } from '../../../features/marketing/components/page-meta.tsx';

/** /cookie-policy: the browser storage the site and portal use, all of it strictly necessary. */
export function CookiePolicyRoute() {
  return (
    <>
      <PageMeta
        title="Cookie policy"
        description="The cookies and browser storage Frameport's website and partner portal use: only what is needed to sign you in and keep your order."
      />
      <PageHero title="Cookie policy" lead="Last updated 1 January 2026." />
      <section className={classes.section}>
        <Container size="lg" className={classes.prose}>
          <BackLink />
          <Text component="p">
            Cookies and similar browser storage are small pieces of data a website keeps on your device. Frameport uses
            them only where the website or the partner portal cannot work without them.
          </Text>

          <Title order={2}>What we store</Title>
          <ul>
            <li>
              <strong>Sign-in session</strong>: keeps you signed in to the partner portal; it ends when you log out or
              after one day (longer only if you choose &ldquo;Remember me&rdquo;).
            </li>
            <li>
              <strong>Portal preferences</strong>: for sales executives, the retailer you are ordering for, and which
              product pages are open, so the same product is not opened twice.
            </li>
            <li>
              <strong>Login tab</strong>: a note that the partner login is open in a tab, so our pages can bring you back
              to it instead of opening another.
            </li>
          </ul>

          <Title order={2}>What we do not use</Title>
          <Text component="p">
            No advertising or cross-site tracking cookies, and no third-party analytics. Because everything we store is
            strictly necessary, we do not show a cookie banner.
          </Text>

          <Title order={2}>Your choices</Title>
          <Text component="p">
            You can clear cookies and site data in your browser settings at any time. You will then need to log in to the
            partner portal again.
          </Text>
        </Container>
      </section>
    </>
  );
}
