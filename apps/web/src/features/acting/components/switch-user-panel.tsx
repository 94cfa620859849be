import { messages } from '@frameport/domain/messages';
import type { RetailerListItem } from '@frameport/domain/contract';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconSearch, IconUserCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { profileQueries } from '../../../lib/profile-queries.ts';
import { retailerQueries } from '../api.ts';
import { setActingRetailer, useActingRetailer, type ActingRetailer } from '../../../lib/acting-store.ts';
import { resetForNewRetailer } from '../reset-queries.ts';
import classes from './switch-user-panel.module.css';

/** Above this many retailers the list gets a search box. */
const SEARCH_FROM = 6;

/** A choice in the list: the executive themself (acting cleared) or a linked retailer. */
type Choice = { retailer: ActingRetailer | null; name: string };

function contactName(retailer: RetailerListItem): string {
  return `${retailer.FirstName} ${retailer.LastName}`.trim();
}

function place(retailer: RetailerListItem): string {
  return [retailer.City, retailer.StateName].filter(Boolean).join(', ');
}

function matches(retailer: RetailerListItem, term: string): boolean {
  const haystack = [retailer.BusinessName, contactName(retailer), retailer.Email, place(retailer)].join(' ').toLowerCase();
  return haystack.includes(term);
}

/** The Switch User tab (sales executives): choose who the cart, orders and catalogue act for. */
export function SwitchUserPanel() {
  const queryClient = useQueryClient();
  const acting = useActingRetailer();
  const own = useQuery(profileQueries.detail(null));
  const retailers = useQuery(retailerQueries.list());
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<Choice | null>(null);
  const [switchedTo, setSwitchedTo] = useState<string | null>(null);

  const myName = own.data?.Name ?? 'Myself';
  const term = search.trim().toLowerCase();
  const shown = useMemo(
    () => (retailers.data ?? []).filter((retailer) => term === '' || matches(retailer, term)),
    [retailers.data, term],
  );

  const confirm = () => {
    if (pending === null) return;
    setActingRetailer(pending.retailer);
    setSwitchedTo(pending.name);
    setPending(null);
    void resetForNewRetailer(queryClient);
  };

  const choose = (choice: Choice) => {
    if ((choice.retailer?.id ?? null) === (acting?.id ?? null)) return; // already acting so
    setPending(choice);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Choose the retailer you are ordering for. Their cart, orders and prices are shown until you switch again.
      </Text>

      <ChoiceRow
        title="Myself"
        lines={[myName, own.data?.Email ?? '']}
        current={acting === null}
        icon={<IconUserCircle size={20} aria-hidden="true" />}
        onChoose={() => choose({ retailer: null, name: myName })}
      />

      {retailers.isPending ? (
        <Stack gap="sm" aria-label="Loading retailers">
          <Skeleton height={64} />
          <Skeleton height={64} />
          <Skeleton height={64} />
        </Stack>
      ) : retailers.isError ? (
        <Alert color="red" title={messages.switchUser.loadFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{getErrorMessage(retailers.error)}</Text>
            <Button size="xs" variant="default" onClick={() => void retailers.refetch()}>
              {messages.actions.tryAgain}
            </Button>
          </Stack>
        </Alert>
      ) : retailers.data.length === 0 ? (
        <EmptyState
          title={messages.switchUser.noneLinkedTitle}
          description={messages.switchUser.noneLinked}
          headingOrder={3}
        />
      ) : (
        <>
          {retailers.data.length >= SEARCH_FROM && (
            <TextInput
              label="Search retailers"
              placeholder="Business, contact, email or city"
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={100}
            />
          )}
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" role="status">
              {messages.switchUser.noMatch(search.trim())}
            </Text>
          ) : (
            <ul className={classes.list} aria-label="Retailers">
              {shown.map((retailer) => (
                <li key={retailer.Id}>
                  <ChoiceRow
                    title={retailer.BusinessName}
                    lines={[contactName(retailer), retailer.Email, place(retailer)]}
                    current={acting?.id === retailer.Id}
                    onChoose={() =>
                      choose({
                        retailer: { id: retailer.Id, email: retailer.Email, businessName: retailer.BusinessName },
                        name: retailer.BusinessName,
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}

      <ConfirmDialog
        opened={pending !== null}
        title={messages.switchUser.title}
        message={pending === null ? '' : messages.switchUser.confirm(pending.name)}
        confirmLabel={messages.switchUser.switch}
        destructive={false}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />

      <AppModal
        opened={switchedTo !== null}
        onClose={() => setSwitchedTo(null)}
        title={messages.switchUser.title}
        closeLabel={messages.actions.close}
        centered
        size="sm"
      >
        <Stack gap="sm" align="center" ta="center">
          <IconCircleCheck size={40} color="var(--mantine-color-green-8)" aria-hidden="true" />
          <Text size="sm">{switchedTo === null ? '' : messages.switchUser.success(switchedTo)}</Text>
          <Button onClick={() => setSwitchedTo(null)}>{messages.actions.ok}</Button>
        </Stack>
      </AppModal>
    </Stack>
  );
}

type ChoiceRowProps = {
  title: string;
  lines: string[];
  current: boolean;
  icon?: ReactNode;
  onChoose: () => void;
};

/** One choice: the whole row is the button; the current one is marked and not a button. */
function ChoiceRow({ title, lines, current, icon, onChoose }: ChoiceRowProps) {
  const body = (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {icon}
        <Stack gap={2} miw={0}>
          <Text fw={600} className={classes.title}>
            {title}
          </Text>
          {lines
            .filter((line) => line !== '')
            .map((line) => (
              <Text key={line} size="sm" c="dimmed" className={classes.line}>
                {line}
              </Text>
            ))}
        </Stack>
      </Group>
      {current && (
        <Badge variant="light" color="green" radius="sm">
          Current
        </Badge>
      )}
    </Group>
  );
  if (current) {
    return (
      <Paper withBorder p="sm" radius="md" className={classes.current} aria-current="true">
        {body}
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" className={classes.row}>
      <UnstyledButton className={classes.button} onClick={onChoose} p="sm">
        {body}
      </UnstyledButton>
    </Paper>
  );
}
