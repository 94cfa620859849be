import { messages } from '@frameport/domain/messages';
import { Alert, Button, Text } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { Link } from '../../../lib/router.tsx';
import { PROFILE_LINKS } from '../../../config/paths.ts';

/**
 * Shown instead of ordering controls to a sales executive who has not chosen a retailer yet; it
 * also says why the prices beside it are list prices.
 */
export function ChooseRetailerPrompt() {
  return (
    <Alert color="blue" variant="light" icon={<IconUserSearch size={18} aria-hidden="true" />} title={messages.switchUser.chooseRetailer}>
      <Text size="sm">{messages.switchUser.listPricesUntilChosen}</Text>
      <Button component={Link} to={PROFILE_LINKS.switchUser} size="xs" variant="default" mt="xs">
        {messages.account.switchUser}
      </Button>
    </Alert>
  );
}
