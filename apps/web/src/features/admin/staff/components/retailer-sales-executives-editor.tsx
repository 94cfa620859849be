import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Alert, Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { useStaffRole } from '../../staff-role.ts';
import { staffQueries, useSaveRetailerSalesExecutives } from '../api.ts';
import classes from './staff.module.css';

/**
 * A retailer's sales executives, changed on its page (admin): a searchable multi-select of the
 * active sales executives and Save (PUT /api/admin/retailers/:id/sales-executives; none is allowed:
 * nobody then looks after the retailer). Access follows at once on the server.
 */
export function RetailerSalesExecutivesEditor(props: { retailerId: number; current: readonly { userId: number; name: string }[] }) {
  // Only an admin changes them (accounts staff read the list above it).
  if (useStaffRole() !== 'admin') return null;
  return <Editor {...props} />;
}

function Editor(props: { retailerId: number; current: readonly { userId: number; name: string }[] }) {
  const options = useQuery(staffQueries.activeSalesExecutives());
  const save = useSaveRetailerSalesExecutives(props.retailerId);
  const phone = useMediaQuery('(max-width: 47.99em)');
  const initial = props.current.map((executive) => String(executive.userId));
  const [value, setValue] = useState<string[]>(initial);
  const changed = value.length !== initial.length || value.some((id) => !initial.includes(id));

  // The current ones stay choosable even when deactivated (they are then named as such).
  const active = options.data?.salesExecutives ?? [];
  const data = [
    ...active.map((executive) => ({ value: String(executive.id), label: executive.name })),
    ...props.current
      .filter((executive) => !active.some((candidate) => candidate.id === executive.userId))
      .map((executive) => ({ value: String(executive.userId), label: `${executive.name} (deactivated)` })),
  ];

  return (
    <Stack gap="xs" mt="sm" data-testid="retailer-sales-executives-editor">
      <MultiSelect
        label="Sales executives of this retailer"
        description="They see this retailer and can order for it. Leave empty for none."
        placeholder={value.length === 0 ? (options.isPending ? 'Loading…' : 'Choose sales executives') : undefined}
        searchable
        // The 22 px clear-all button is too small for a thumb: on a phone each pill's 44 px remove does it.
        clearable={!phone}
        nothingFoundMessage="No active sales executive by that name"
        hidePickedOptions
        maxValues={20}
        data={data}
        value={value}
        onChange={(next) => {
          setValue(next);
          save.reset();
        }}
        error={options.isError ? getErrorMessage(options.error) : undefined}
        className={classes.thumbInput}
      />
      {save.isError && (
        <Alert color="red" variant="light" role="alert" p="xs">
          <Text size="sm">{getErrorMessage(save.error)}</Text>
        </Alert>
      )}
      <Group gap="xs">
        <Button
          className={classes.thumbButton}
          disabled={!changed}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              value.map(Number),
              { onSuccess: (result) => notifications.show({ message: result.message, color: 'green', autoClose: RESULT_TOAST_MS }) },
            )
          }
        >
          Save sales executives
        </Button>
        {changed && (
          <Button variant="default" className={classes.thumbButton} disabled={save.isPending} onClick={() => setValue(initial)}>
            Undo
          </Button>
        )}
      </Group>
    </Stack>
  );
}
