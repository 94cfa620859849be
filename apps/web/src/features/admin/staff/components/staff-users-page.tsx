import '@mantine/core/styles/Table.css';
import {
  CreateStaffUserBodySchema,
  STAFF_LIST_ROLES,
  STAFF_ROLE_LABELS,
  type StaffListRole,
  type StaffUserRow,
  type StaffUsersResponse,
} from '@frameport/domain/contract/admin-staff';
import { Badge, Button, NativeSelect, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { profileQueries } from '../../../../lib/profile-queries.ts';
import { useUrlParams } from '../../../../lib/use-url-params.ts';
import { formatDateTimeIndia } from '../../admin-display.ts';
import desk from '../../components/desk-table.module.css';
import { DeskListFooter } from '../../components/desk-pagination.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { ActionDialog } from '../../order/components/action-dialog.tsx';
import { useStaffRole } from '../../staff-role.ts';
import { staffQueries, useCreateStaffUser, useStaffAction, type StaffAction, type StaffQuery } from '../api.ts';
import { PersonDialog } from './person-dialog.tsx';
import { ActiveBadge, AdminOnly } from './sales-team-page.tsx';
import classes from './staff.module.css';

const PAGE_SIZE = 50;
type Active = 'true' | 'false' | 'all';

/** Each action's question and button, asked before it runs. */
const ACTIONS: Record<StaffAction, { label: string; title: (name: string) => string; message: (user: StaffUserRow) => string; destructive: boolean }> = {
  deactivate: {
    label: 'Deactivate',
    title: (name) => `Deactivate ${name}?`,
    message: (user) =>
      `${user.name} is signed out everywhere at once and cannot sign in until reactivated.${user.role === 'salesexecutive' ? ' A sales executive’s retailers must be moved first.' : ''}`,
    destructive: true,
  },
  reactivate: { label: 'Reactivate', title: (name) => `Reactivate ${name}?`, message: (user) => `${user.name} can sign in again with their password.`, destructive: false },
  unlock: {
    label: 'Unlock',
    title: (name) => `Unlock ${name}?`,
    message: (user) => `Forget the failed sign-ins of ${user.email}, so they can sign in again at once.`,
    destructive: false,
  },
  'end-sessions': {
    label: 'End sessions',
    title: (name) => `End every session of ${name}?`,
    message: (user) =>
      `${user.name} is signed out on every device at once (${user.openSessions} open ${user.openSessions === 1 ? 'session' : 'sessions'}) and must sign in again.`,
    destructive: true,
  },
};

function readQuery(params: URLSearchParams): { role: StaffListRole | ''; q: string; active: Active; page: number } {
  const role = params.get('role');
  const active = params.get('active');
  const page = Number(params.get('page'));
  return {
    role: (STAFF_LIST_ROLES as readonly string[]).includes(role ?? '') ? (role as StaffListRole) : '',
    q: params.get('q') ?? '',
    active: active === 'true' || active === 'false' ? active : 'all',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * /admin/staff (admin): staff users (admin, accounts, warehouse) and sales executives, with role
 * and active filters and search in the URL; Add staff user with a role (a welcome mail sets the
 * password); per user Deactivate / Reactivate, Unlock (after too many failed sign-ins) and End
 * sessions, each asked first. Not for oneself: the admin signs out instead.
 */
export function StaffUsersPage() {
  const role = useStaffRole();
  const me = useQuery(profileQueries.detail(null));
  const [params, writeUrl] = useUrlParams();
  const state = readQuery(params);
  const query: StaffQuery = {
    ...(state.role ? { role: state.role } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(state.active === 'all' ? {} : { active: state.active }),
    ...(state.page > 1 ? { pageNumber: state.page } : {}),
  };
  const list = useQuery({ ...staffQueries.staffUsers(query), enabled: role === 'admin' });
  const [creating, setCreating] = useState(false);
  const create = useCreateStaffUser();
  const [pending, setPending] = useState<{ user: StaffUserRow; action: StaffAction } | null>(null);
  const act = useStaffAction();

  /** A change worked out from the latest URL written (see useUrlParams). */
  const apply = (change: (latest: ReturnType<typeof readQuery>) => ReturnType<typeof readQuery>) =>
    writeUrl((latest) => {
      const next = change(readQuery(latest));
      const search = new URLSearchParams();
      if (next.role) search.set('role', next.role);
      if (next.q) search.set('q', next.q);
      if (next.active !== 'all') search.set('active', next.active);
      if (next.page > 1) search.set('page', String(next.page));
      return search;
    }, { replace: true });

  if (role !== null && role !== 'admin') return <AdminOnly title="Staff users" />;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / (data.pageSize || PAGE_SIZE))) : 1;
  const filtered = state.role !== '' || state.q !== '' || state.active !== 'all';
  const closeAction = () => {
    act.reset();
    setPending(null);
  };

  return (
    <Stack gap="sm">
      <title>Staff users · Frameport back office</title>
      <div className={classes.head}>
        <Title order={1} fz="h3">
          Staff users
        </Title>
        <Button className={classes.thumbButton} leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
          Add staff user
        </Button>
      </div>
      <div className={classes.filters} role="search" aria-label="Filter staff users">
        <SearchBox
          className={`${classes.search} ${desk.thumb}`}
          label="Search"
          placeholder="Name, email or phone"
          value={state.q}
          onSearch={(q) => apply((latest) => ({ ...latest, q, page: 1 }))}
        />
        <NativeSelect
          label="Role"
          size="xs"
          className={desk.thumb}
          value={state.role}
          onChange={(event) => apply((latest) => ({ ...latest, role: event.currentTarget.value as StaffListRole | '', page: 1 }))}
          data={[{ value: '', label: 'Every role' }, ...STAFF_LIST_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }))]}
        />
        <NativeSelect
          label="Show"
          size="xs"
          className={desk.thumb}
          value={state.active}
          onChange={(event) => apply((latest) => ({ ...latest, active: event.currentTarget.value as Active, page: 1 }))}
          data={[
            { value: 'all', label: 'Everyone' },
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Deactivated' },
          ]}
        />
      </div>
      {list.isPending ? (
        <Stack gap={6} role="status" aria-label="Loading staff users">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={34} />
          ))}
        </Stack>
      ) : list.isError && data === undefined ? (
        <LoadError title="The staff users could not be loaded" {...retryQuery(list)} />
      ) : data === undefined || data.users.length === 0 ? (
        <EmptyState
          title={filtered ? 'No staff user matches.' : 'No staff users yet.'}
          description={filtered ? 'Try another name or role.' : undefined}
          action={
            filtered ? (
              <Button variant="default" onClick={() => apply(() => ({ role: '', q: '', active: 'all', page: 1 }))}>
                Show everyone
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <StaffTable users={data.users} myEmail={me.data?.Email ?? null} stale={list.isPlaceholderData} onAction={(user, action) => setPending({ user, action })} />
          <DeskListFooter summary={showing(data)} page={state.page} pages={pages} onChange={(page) => apply((latest) => ({ ...latest, page }))} />
        </>
      )}
      {creating && (
        <PersonDialog
          opened
          title="Add a staff user"
          submitLabel="Add staff user"
          withRole
          schema={CreateStaffUserBodySchema}
          busy={create.isPending}
          error={create.error}
          onClose={() => {
            create.reset();
            setCreating(false);
          }}
          onSubmit={(fields) =>
            create.mutate(fields, {
              onSuccess: (result) => {
                notifications.show({ message: result.message, color: 'green', autoClose: RESULT_TOAST_MS });
                setCreating(false);
              },
            })
          }
        />
      )}
      <ActionDialog
        opened={pending !== null}
        onClose={closeAction}
        title={pending === null ? '' : ACTIONS[pending.action].title(pending.user.name)}
        message={pending === null ? undefined : ACTIONS[pending.action].message(pending.user)}
        submitLabel={pending === null ? '' : ACTIONS[pending.action].label}
        destructive={pending !== null && ACTIONS[pending.action].destructive}
        busy={act.isPending}
        error={act.error}
        size="sm"
        onSubmit={() =>
          pending !== null &&
          act.mutate(
            { userId: pending.user.id, action: pending.action },
            {
              onSuccess: (result) => {
                notifications.show({ message: result.message, color: 'green', autoClose: RESULT_TOAST_MS });
                closeAction();
              },
            },
          )
        }
      />
    </Stack>
  );
}

function showing(data: StaffUsersResponse): string {
  const first = (data.pageNumber - 1) * data.pageSize + 1;
  const last = first + data.users.length - 1;
  return `Showing ${first}–${last} of ${data.totalCount} ${data.totalCount === 1 ? 'user' : 'users'}`;
}

function StaffTable(props: { users: StaffUserRow[]; myEmail: string | null; stale: boolean; onAction: (user: StaffUserRow, action: StaffAction) => void }) {
  return (
    <div className={`${desk.frame} ${props.stale ? desk.stale : ''}`} aria-busy={props.stale}>
      <Table className={desk.table} aria-label="Staff users" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
            <Table.Th ta="right">Sessions</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.users.map((user) => {
            const me = props.myEmail !== null && user.email.toLowerCase() === props.myEmail.toLowerCase();
            const button = (action: StaffAction, colour?: string) => (
              <Button
                size="compact-sm"
                variant="outline"
                color={colour}
                className={classes.thumbButton}
                aria-label={`${ACTIONS[action].label} ${user.name}`}
                onClick={() => props.onAction(user, action)}
              >
                {ACTIONS[action].label}
              </Button>
            );
            return (
              <Table.Tr key={user.id} className={desk.card}>
                <Table.Td className={desk.ref}>
                  {user.role === 'salesexecutive' ? <Link to={ADMIN_LINKS.salesExecutive(user.id)}>{user.name}</Link> : user.name}
                  {me && (
                    <Text span size="xs" c="dimmed" fw={400}>
                      {' '}
                      (you)
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Role">{STAFF_ROLE_LABELS[user.role]}</Table.Td>
                <Table.Td data-label="Phone" className={desk.nowrap}>
                  {user.phone ?? '—'}
                </Table.Td>
                <Table.Td data-label="Last sign-in">{user.lastSignInAt === null ? 'Never' : formatDateTimeIndia(user.lastSignInAt)}</Table.Td>
                <Table.Td data-label="Sessions" className={desk.num}>
                  {user.openSessions}
                </Table.Td>
                <Table.Td className={desk.status}>
                  <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                    <ActiveBadge active={user.active} />
                    {user.signInLocked && (
                      <Badge color="#8a4b00" variant="filled" radius="sm" size="sm" tt="none">
                        Locked out
                      </Badge>
                    )}
                  </span>
                </Table.Td>
                <Table.Td className={desk.actions}>
                  {me ? (
                    <Text size="xs" c="dimmed">
                      Signed in as you
                    </Text>
                  ) : (
                    <span className={desk.actionsInner}>
                      {user.signInLocked && button('unlock')}
                      {user.active && user.openSessions > 0 && button('end-sessions', 'red.9')}
                      {user.active ? button('deactivate', 'red.9') : button('reactivate')}
                    </span>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
