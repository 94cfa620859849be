import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '../../../lib/router.tsx';
import { MARKETING_PATHS } from '../links.ts';
import classes from './marketing.module.css';

/** The Back link of the spec's inner public pages: to the homepage, a fixed place to return to. */
export function BackLink() {
  return (
    <Anchor component={Link} to={MARKETING_PATHS.home} className={classes.backLink}>
      <IconArrowLeft size={16} aria-hidden="true" />
      Back
    </Anchor>
  );
}
