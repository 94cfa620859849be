import { Skeleton, Stack } from '@mantine/core';
import classes from './corporate-details-skeleton.module.css';

/**
 * The corporate details' place while they load, or until the reader nears a footer that asks for
 * them then (both footers): three lines, as high as the address, email and phone. A module of its
 * own, so the public footer draws it without loading the details' code (the API client, its schemas).
 */
export function CorporateDetailsSkeleton() {
  return (
    <Stack gap={8} aria-hidden="true" className={classes.space}>
      <Skeleton height={14} width="80%" />
      <Skeleton height={14} width="60%" />
      <Skeleton height={14} width="50%" />
    </Stack>
  );
}
