import { Button, Container, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { BackLink } from '../../../features/marketing/components/back-link.tsx';
import classes from '../../../features/marketing/components/marketing.module.css';
import { PageHero } from '../../../features/marketing/components/page-hero.tsx';
import { PageMeta } from '../../../features/marketing/components/page-meta.tsx';
import { CAREERS_EMAIL, COMPANY_FACTS } from '../../../features/marketing/company.ts';

const CV_MAIL = `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent('My CV for Frameport')}`;

/** /careers: banner, three text sections and Email Your CV (a mail to the careers address). */
export function CareersRoute() {
  return (
    <>
      <PageMeta
        title="Careers"
        description={`Work at Frameport in ${COMPANY_FACTS.city}: sales, warehouse and technology roles at a growing eyewear distributor. Email your CV to ${CAREERS_EMAIL}.`}
      />
      <PageHero
        title="Careers at Frameport"
        lead="Help thousands of independent opticians stock the right frames at the right price."
      >
        <div className={classes.heroActions}>
          <Button component="a" href={CV_MAIL} size="md" variant="white" leftSection={<IconMail size={18} aria-hidden="true" />}>
            Email Your CV
          </Button>
        </div>
      </PageHero>

      <section className={classes.section}>
        <Container size="lg" className={classes.prose}>
          <BackLink />
          <Title order={2}>Life at Frameport</Title>
          <Text component="p">
            We are a small team in {COMPANY_FACTS.city} with a large reach: {COMPANY_FACTS.partners} retail partners
            and around {COMPANY_FACTS.unitsPerYear} units a year. Decisions are made close to the work, and the people
            who talk to opticians every day shape what we build next.
          </Text>

          <Title order={2}>Who we look for</Title>
          <Text component="p">
            Field sales executives who enjoy visiting stores across the states we serve; warehouse and quality staff who
            take pride in an order packed right the first time; customer service colleagues fluent in English and at
            least one regional language; and engineers who keep our ordering portal fast on a shop-counter phone.
          </Text>

          <Title order={2}>How to apply</Title>
          <Text component="p">
            We do not need a cover letter. Send your CV to{' '}
            <a href={CV_MAIL}>{CAREERS_EMAIL}</a> with the role or team you are interested in and your preferred city. We
            reply to every application within two weeks.
          </Text>
        </Container>
      </section>
    </>
  );
}
