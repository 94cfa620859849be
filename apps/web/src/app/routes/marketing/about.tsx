import { Button, Container, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '../../../lib/router.tsx';
import { BackLink } from '../../../features/marketing/components/back-link.tsx';
import { FramesIllustration } from '../../../features/marketing/components/illustrations.tsx';
import classes from '../../../features/marketing/components/marketing.module.css';
import { PageHero } from '../../../features/marketing/components/page-hero.tsx';
import { PageMeta } from '../../../features/marketing/components/page-meta.tsx';
import { COMPANY_FACTS, STATES_SERVED } from '../../../features/marketing/company.ts';
import { MARKETING_PATHS } from '../../../features/marketing/links.ts';
import { partnerLogin } from '../../../features/marketing/partner-login.ts';

/** /about: the company's story and figures (spec section 1), and the second login button of section 2. */
export function AboutRoute() {
  const navigate = useNavigate();

  return (
    <>
      <PageMeta
        title="About us"
        description={`Frameport is a Hyderabad eyewear distributor founded in ${COMPANY_FACTS.founded}, supplying ${COMPANY_FACTS.partners} optical retailers with frames and sunglasses from ${COMPANY_FACTS.valueSegment}.`}
      />
      <PageHero
        title="About Frameport"
        lead={`An eyewear distributor founded in ${COMPANY_FACTS.founded} in ${COMPANY_FACTS.city}, built for the independent optical store.`}
        illustration={<FramesIllustration label="A pair of spectacles with blue-tinted lenses" />}
      />

      <section className={classes.section}>
        <Container size="lg" className={classes.prose}>
          <BackLink />
          <Title order={2}>Our story</Title>
          <Text component="p">
            Frameport started in {COMPANY_FACTS.founded} with a simple observation: most optical stores in India are
            independent, and they were buying frames through long chains of middlemen, with little say over price, stock or
            delivery dates. We set up in {COMPANY_FACTS.city} to sell directly to those stores, at wholesale prices, with
            the stock on screen.
          </Text>
          <Text component="p">
            Growth came from word of mouth between opticians. Our early plan set out to bring about 8,000 more retail
            partners on board by the end of 2023; the network built for it now serves {COMPANY_FACTS.partners} partners
            and ships around {COMPANY_FACTS.unitsPerYear} units a year.
          </Text>

          <Title order={2}>What we sell</Title>
          <Text component="p">
            More than {COMPANY_FACTS.styles.replace('+', '')} styles of optical frames, sunglasses and accessories across
            five portfolio brands, concentrated in the value segment of {COMPANY_FACTS.valueSegment} a frame, where most
            Indian spectacles are sold. Every style carries its stock per colour, so you know what will arrive before you
            order.
          </Text>
          <Button component={Link} to={MARKETING_PATHS.brands} variant="outline">
            See our five brands
          </Button>

          <Title order={2}>Where we deliver</Title>
          <Text component="p">We deliver to retail partners in these states and union territories:</Text>
          <ul className={classes.chips}>
            {STATES_SERVED.map((state) => (
              <li key={state}>{state}</li>
            ))}
          </ul>

          <Title order={2}>Already a partner?</Title>
          <Text component="p">Log in to the partner portal to order, follow your deliveries and pay your invoices.</Text>
          <Button onClick={() => partnerLogin.focusOrUseThisTab(navigate)}>Go to partner login</Button>
        </Container>
      </section>
    </>
  );
}
