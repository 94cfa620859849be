import { messages } from '@frameport/domain/messages';
import { Anchor, Group, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from '../../../lib/router.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import classes from './home.module.css';

type HomeSectionProps = {
  title: string;
  /** Where 'View all' goes: /products, with this section's filter when there is one. */
  viewAllTo: string;
  /** Completes 'View all' for screen readers, e.g. 'materials' → 'View all materials'. */
  viewAllSubject: string;
  children: ReactNode;
};

/** One /home section: an h2, a 'View all' link to the catalogue, then its tiles or cards. */
export function HomeSection({ title, viewAllTo, viewAllSubject, children }: HomeSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={classes.section}>
      <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm" mb="sm">
        <Title order={2} id={titleId} className={classes.sectionTitle}>
          {title}
        </Title>
        <Anchor component={Link} to={viewAllTo} size="sm" fw={600} className={classes.viewAll}>
          View all
          <VisuallyHidden> {viewAllSubject}</VisuallyHidden>
          <IconChevronRight size={16} aria-hidden="true" />
        </Anchor>
      </Group>
      {children}
    </section>
  );
}

/** A section whose data failed: what happened and a Retry, in the space the tiles would take. */
export function SectionError({ what, message, retrying, onRetry }: { what: string; message: string; retrying: boolean; onRetry: () => void }) {
  return <LoadError title={messages.catalogue.sectionLoadFailed(what)} message={message} retrying={retrying} onRetry={onRetry} retryWhat={what.toLowerCase()} />;
}
