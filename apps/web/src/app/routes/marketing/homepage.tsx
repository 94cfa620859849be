import { Button, Container, Title } from '@mantine/core';
import { IconBriefcase, IconBuildingStore, IconLogin2, IconMessageCircle } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { LOGIN_PATH } from '../../../config/paths.ts';
import { COMPANY_FACTS } from '../../../features/marketing/company.ts';
import { FramesIllustration } from '../../../features/marketing/components/illustrations.tsx';
import { LinkCard } from '../../../features/marketing/components/link-card.tsx';
import classes from '../../../features/marketing/components/marketing.module.css';
import { PageHero } from '../../../features/marketing/components/page-hero.tsx';
import { PageMeta } from '../../../features/marketing/components/page-meta.tsx';
import { MARKETING_PATHS } from '../../../features/marketing/links.ts';
import { partnerLogin } from '../../../features/marketing/partner-login.ts';

/** /homepage: the banner and the four cards of spec section 2 (About, Partner Login, Careers, Contact). */
export function HomepageRoute() {
  const navigate = useNavigate();
  const openLogin = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    partnerLogin.open(navigate);
  };

  return (
    <>
      <PageMeta
        title="Wholesale eyewear for optical retailers"
        description={`Frameport supplies frames and sunglasses to ${COMPANY_FACTS.partners} optical retailers across India from Hyderabad: ${COMPANY_FACTS.styles} styles, ordered online.`}
      />
      <PageHero
        title="Eyewear wholesale, made simple for India's optical retailers"
        lead={`Since ${COMPANY_FACTS.founded}, Frameport has supplied frames and sunglasses from ${COMPANY_FACTS.city} to ${COMPANY_FACTS.partners} retail partners. Browse ${COMPANY_FACTS.styles} styles, see live stock and place your order in minutes.`}
        illustration={<FramesIllustration label="A pair of spectacles with blue-tinted lenses" />}
      >
        <div className={classes.heroActions}>
          <Button component={Link} to={MARKETING_PATHS.about} size="md" variant="white">
            Why Frameport
          </Button>
          <Button component={Link} to={MARKETING_PATHS.brands} size="md" variant="outline" color="white">
            Our brands
          </Button>
        </div>
      </PageHero>

      <section className={classes.section} aria-labelledby="home-facts">
        <Container size="lg">
          <Title order={2} id="home-facts" className={classes.sectionTitle}>
            Frameport in numbers
          </Title>
          <dl className={classes.stats}>
            <div className={classes.stat}>
              <dt>retail partners</dt>
              <dd>{COMPANY_FACTS.partners}</dd>
            </div>
            <div className={classes.stat}>
              <dt>styles in the catalogue</dt>
              <dd>{COMPANY_FACTS.styles}</dd>
            </div>
            <div className={classes.stat}>
              <dt>units a year</dt>
              <dd>500,000</dd>
            </div>
            <div className={classes.stat}>
              <dt>founded in {COMPANY_FACTS.city}</dt>
              <dd>{COMPANY_FACTS.founded}</dd>
            </div>
          </dl>
        </Container>
      </section>

      <section className={classes.sectionAlt} aria-label="Where to next">
        <Container size="lg">
          <ul className={classes.cardGrid}>
            <li>
              <LinkCard title="About us" to={MARKETING_PATHS.about} icon={<IconBuildingStore size={32} aria-hidden="true" />}>
                Who we are, the value segment we serve and the states we deliver to.
              </LinkCard>
            </li>
            <li>
              <LinkCard title="Partner Login" to={LOGIN_PATH} onClick={openLogin} icon={<IconLogin2 size={32} aria-hidden="true" />}>
                Already a partner? Log in to order, track deliveries and pay invoices.
              </LinkCard>
            </li>
            <li>
              <LinkCard title="Careers" to={MARKETING_PATHS.careers} icon={<IconBriefcase size={32} aria-hidden="true" />}>
                Join the sales, warehouse and technology teams behind the catalogue.
              </LinkCard>
            </li>
            <li>
              <LinkCard title="Contact" to={MARKETING_PATHS.contact} icon={<IconMessageCircle size={32} aria-hidden="true" />}>
                Become a partner, or reach our sales office and customer service.
              </LinkCard>
            </li>
          </ul>
        </Container>
      </section>
    </>
  );
}
