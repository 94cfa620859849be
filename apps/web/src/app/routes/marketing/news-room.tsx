import { Anchor, Container, Text, Title } from '@mantine/core';
import { BackLink } from '../../../features/marketing/components/back-link.tsx';
import classes from '../../../features/marketing/components/marketing.module.css';
import { PageHero } from '../../../features/marketing/components/page-hero.tsx';
import { PageMeta } from '../../../features/marketing/components/page-meta.tsx';
import { COMPANY_FACTS, PRESS_EMAIL } from '../../../features/marketing/company.ts';

type PressItem = { id: string; date: string; title: string; summary: string };

/** Newest first. Each item links to its own anchor on this page, so a release can be shared. */
const PRESS: PressItem[] = [
  {
    id: 'partner-network-2400',
    date: '2025-09-15',
    title: `Frameport's partner network passes ${COMPANY_FACTS.partners} optical retailers`,
    summary: 'Independent opticians in ten states now order through the Frameport partner portal.',
  },
  {
    id: 'lumen-pro-launch',
    date: '2024-11-04',
    title: 'Lumen Pro brings titanium frames to the independent optician',
    summary: 'Our premium brand adds feather-light titanium and stainless-steel frames to the catalogue.',
  },
  {
    id: 'express-checkout',
    date: '2024-03-18',
    title: 'Express checkout: order by model number in seconds',
    summary: 'Partners who know their bestsellers can now add dozens of lines to an order by model number.',
  },
  {
    id: 'kids-zone-launch',
    date: '2023-06-12',
    title: 'Kids Zone: flexible frames sized for children',
    summary: 'A brand of TR90 and polycarbonate frames built for school years, at value-segment prices.',
  },
  {
    id: 'hyderabad-warehouse',
    date: '2022-08-22',
    title: `A new ${COMPANY_FACTS.city} warehouse for faster dispatch`,
    summary: 'More room for stock and same-day dispatch on orders placed before noon.',
  },
];

const DATE_FORMAT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** /news-room: dated press items and the press contact. */
export function NewsRoomRoute() {
  return (
    <>
      <PageMeta
        title="News Room"
        description="Press releases and news from Frameport, the Hyderabad eyewear distributor, and the contact for press enquiries."
      />
      <PageHero title="News Room" lead="Announcements from Frameport, newest first." />
      <section className={classes.section}>
        <Container size="lg" className={classes.prose}>
          <BackLink />
          <Title order={2}>Press releases</Title>
          <ul className={classes.pressList}>
            {PRESS.map((item) => (
              <li key={item.id} id={item.id}>
                <time dateTime={item.date}>{DATE_FORMAT.format(new Date(item.date))}</time>
                <Title order={3} mt={4}>
                  <Anchor href={`#${item.id}`}>{item.title}</Anchor>
                </Title>
                <Text c="dimmed">{item.summary}</Text>
              </li>
            ))}
          </ul>

          <Title order={2}>Press contact</Title>
          <Text component="p">
            Journalists can reach our communications team at <Anchor href={`mailto:${PRESS_EMAIL}`}>{PRESS_EMAIL}</Anchor>.
            We answer within one working day.
          </Text>
        </Container>
      </section>
    </>
  );
}
