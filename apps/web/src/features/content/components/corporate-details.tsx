import { messages } from '@frameport/domain/messages';
import { Anchor, Text } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { contentQueries } from '../api.ts';
import { telHref } from '../contact-links.ts';
import { CorporateDetailsSkeleton } from './corporate-details-skeleton.tsx';
import classes from './corporate-details.module.css';

/**
 * The company's address, email and phone from GET /api/Home/getCorporateDetails (public), as the
 * signed-in and the public footers show them. The default export lets the public footer load it
 * lazily (it pulls in the API client and its schemas, which the marketing pages otherwise skip).
 */
export default function CorporateDetails() {
  const details = useQuery(contentQueries.corporateDetails());

  if (details.isPending) return <CorporateDetailsSkeleton />;
  if (details.isError) {
    return (
      <Text size="sm" c="dimmed">
        {messages.content.contactLoadFailed}
      </Text>
    );
  }

  const { Address, EmailId, ContactNumber } = details.data;
  return (
    <address className={classes.corporate}>
      <span className={classes.line}>
        <IconMapPin size={16} aria-hidden="true" className={classes.icon} />
        <Text component="span" size="sm">
          {Address}
        </Text>
      </span>
      <span className={`${classes.line} ${classes.linkLine}`}>
        <IconMail size={16} aria-hidden="true" className={classes.icon} />
        <Anchor href={`mailto:${EmailId}`} size="sm" className="tap-target">
          {EmailId}
        </Anchor>
      </span>
      <span className={`${classes.line} ${classes.linkLine}`}>
        <IconPhone size={16} aria-hidden="true" className={classes.icon} />
        <Anchor href={`tel:${telHref(ContactNumber)}`} size="sm" className="tabular tap-target">
          {ContactNumber}
        </Anchor>
      </span>
    </address>
  );
}
