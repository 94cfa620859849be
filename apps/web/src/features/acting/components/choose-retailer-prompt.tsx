import { messages } from '@frameport/domain/messages';
import { Alert, Button } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Where a sales executive chooses the retailer they order for. */
export const SWITCH_USER_PATH = '/profile?switch-user=true';

/** Shown instead of ordering controls to a sales executive who has not chosen a retailer yet. */
export function ChooseRetailerPrompt() {
  return (
    <Alert color="blue" variant="light" icon={<IconUserSearch size={18} aria-hidden="true" />} title={messages.switchUser.chooseRetailer}>
      <Button component={Link} to={SWITCH_USER_PATH} size="xs" variant="default" mt={4}>
        Switch User
      </Button>
    </Alert>
  );
}
