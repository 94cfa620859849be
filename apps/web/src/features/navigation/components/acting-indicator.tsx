import { messages } from '@frameport/domain/messages';
import { Anchor, Container, Group, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from '../../../lib/router.tsx';
import { PROFILE_LINKS } from '../../../config/paths.ts';
import classes from './header.module.css';

/**
 * The strip under the header bar while a sales executive acts for a retailer: every cart, order
 * and price on screen is that retailer's, so it stays in view on every page, with a way to switch.
 */
export function ActingIndicator({ businessName }: { businessName: string }) {
  return (
    <div className={classes.actingStrip} role="status" aria-live="polite">
      <Container size="xl">
        <Group gap="xs" justify="center" wrap="nowrap" className={classes.actingRow}>
          <IconBuildingStore size={16} aria-hidden="true" style={{ flex: 'none' }} />
          <Text size="sm" className={classes.actingText}>
            {messages.switchUser.actingFor} <strong>{businessName}</strong>
          </Text>
          <Anchor component={Link} to={PROFILE_LINKS.switchUser} size="sm" fw={600} className={classes.actingSwitch}>
            {messages.switchUser.switch}
          </Anchor>
        </Group>
      </Container>
    </div>
  );
}
