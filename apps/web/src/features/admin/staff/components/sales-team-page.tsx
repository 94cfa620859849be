import '@mantine/core/styles/Table.css';
import { CreateSalesExecutiveBodySchema, type SalesExecutiveRow, type SalesExecutivesResponse } from '@frameport/domain/contract/admin-staff';
import { Alert, Badge, Button, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { useUrlParams } from '../../../../lib/use-url-params.ts';
import { formatDateTimeIndia, inr } from '../../admin-display.ts';
import desk from '../../components/desk-table.module.css';
import { DeskListFooter } from '../../components/desk-pagination.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useStaffRole } from '../../staff-role.ts';
import { staffQueries, useCreateSalesExecutive, type SalesTeamQuery } from '../api.ts';
import { PersonDialog } from './person-dialog.tsx';
import classes from './staff.module.css';
import { onOpenableRowKeyDown } from '../../components/row-keys.ts';

const PAGE_SIZE = 50;
type Active = 'true' | 'false' | 'all';

/** The list's state in the URL: `q`, `active` (all when absent) and `page`. */
function readQuery(params: URLSearchParams): { q: string; active: Active; page: number } {
  const active = params.get('active');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    active: active === 'true' || active === 'false' ? active : 'all',
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** Admin only: other staff see why the screen is empty (the API refuses them anyway). */
export function AdminOnly({ title }: { title: string }) {
  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        {title}
      </Title>
      <Alert color="gray">Only an admin can see and change the sales team and staff users.</Alert>
    </Stack>
  );
}

/**
 * /admin/sales-team (admin): the sales executives with their retailers, those retailers'
 * outstanding and last sign-in; search and the active filter in the URL; rows open a sales
 * executive's page (Enter or click); Add sales executive (a welcome mail sets the password).
 */
export function SalesTeamPage() {
  const role = useStaffRole();
  const [params, writeUrl] = useUrlParams();
  const state = readQuery(params);
  const query: SalesTeamQuery = {
    ...(state.q ? { q: state.q } : {}),
    ...(state.active === 'all' ? {} : { active: state.active }),
    ...(state.page > 1 ? { pageNumber: state.page } : {}),
  };
  const list = useQuery({ ...staffQueries.salesTeam(query), enabled: role === 'admin' });
  const [creating, setCreating] = useState(false);
  const create = useCreateSalesExecutive();
  const navigate = useNavigate();

  /** A change worked out from the latest URL written (see useUrlParams). */
  const apply = (change: (latest: ReturnType<typeof readQuery>) => ReturnType<typeof readQuery>) =>
    writeUrl((latest) => {
      const next = change(readQuery(latest));
      const search = new URLSearchParams();
      if (next.q) search.set('q', next.q);
      if (next.active !== 'all') search.set('active', next.active);
      if (next.page > 1) search.set('page', String(next.page));
      return search;
    }, { replace: true });

  if (role !== null && role !== 'admin') return <AdminOnly title="Sales team" />;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / (data.pageSize || PAGE_SIZE))) : 1;
  const filtered = state.q !== '' || state.active !== 'all';

  return (
    <Stack gap="sm">
      <title>Sales team · Frameport back office</title>
      <div className={classes.head}>
        <Title order={1} fz="h3">
          Sales team
        </Title>
        <Button className={classes.thumbButton} leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setCreating(true)}>
          Add sales executive
        </Button>
      </div>
      <div className={classes.filters} role="search" aria-label="Filter sales executives">
        <SearchBox
          className={`${classes.search} ${desk.thumb}`}
          label="Search"
          placeholder="Name, email or phone"
          value={state.q}
          onSearch={(q) => apply((latest) => ({ ...latest, q, page: 1 }))}
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
        <Stack gap={6} role="status" aria-label="Loading the sales team">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={34} />
          ))}
        </Stack>
      ) : list.isError && data === undefined ? (
        <LoadError title="The sales team could not be loaded" {...retryQuery(list)} />
      ) : data === undefined || data.salesExecutives.length === 0 ? (
        <EmptyState
          title={filtered ? 'No sales executive matches.' : 'No sales executives yet.'}
          description={filtered ? 'Try another name, or show everyone.' : 'Add the first one: they get a mail to set their password.'}
          action={
            filtered ? (
              <Button variant="default" onClick={() => apply(() => ({ q: '', active: 'all', page: 1 }))}>
                Show everyone
              </Button>
            ) : (
              <Button onClick={() => setCreating(true)}>Add sales executive</Button>
            )
          }
        />
      ) : (
        <>
          <SalesTeamTable rows={data.salesExecutives} stale={list.isPlaceholderData} />
          <DeskListFooter summary={showing(data)} page={state.page} pages={pages} onChange={(page) => apply((latest) => ({ ...latest, page }))} />
        </>
      )}
      {creating && (
        <PersonDialog
          opened
          title="Add a sales executive"
          submitLabel="Add sales executive"
          withRole={false}
          schema={CreateSalesExecutiveBodySchema}
          busy={create.isPending}
          error={create.error}
          onClose={() => {
            create.reset();
            setCreating(false);
          }}
          onSubmit={(fields) =>
            create.mutate(
              { name: fields.name, email: fields.email, phone: fields.phone },
              {
                onSuccess: (result) => {
                  notifications.show({ message: result.message, color: 'green', autoClose: RESULT_TOAST_MS });
                  setCreating(false);
                  void navigate(ADMIN_LINKS.salesExecutive(result.salesExecutive.id));
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}

function showing(data: SalesExecutivesResponse): string {
  const first = (data.pageNumber - 1) * data.pageSize + 1;
  const last = first + data.salesExecutives.length - 1;
  return `Showing ${first}–${last} of ${data.totalCount} ${data.totalCount === 1 ? 'sales executive' : 'sales executives'}`;
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? '#1e6b31' : 'gray.7'} variant={active ? 'filled' : 'outline'} radius="sm" size="sm" tt="none">
      {active ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

function SalesTeamTable({ rows, stale }: { rows: SalesExecutiveRow[]; stale: boolean }) {
  const navigate = useNavigate();
  const open = (row: SalesExecutiveRow) => void navigate(ADMIN_LINKS.salesExecutive(row.id));
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: SalesExecutiveRow) => onOpenableRowKeyDown(event, () => open(row));
  return (
    <div className={`${desk.frame} ${stale ? desk.stale : ''}`} aria-busy={stale}>
      <Table className={desk.table} aria-label="Sales executives" verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sales executive</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th ta="right">Retailers</Table.Th>
            <Table.Th ta="right">Outstanding</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              className={desk.row}
              tabIndex={0}
              aria-label={`${row.name}, ${row.retailerCount} ${row.retailerCount === 1 ? 'retailer' : 'retailers'}, ${row.active ? 'active' : 'deactivated'}`}
              onClick={(event) => {
                if (!(event.target instanceof Element && event.target.closest('a'))) open(row);
              }}
              onKeyDown={(event) => onKeyDown(event, row)}
            >
              <Table.Td className={desk.ref}>
                <Link to={ADMIN_LINKS.salesExecutive(row.id)} tabIndex={-1}>
                  {row.name}
                </Link>
                <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
                  {row.email}
                </Text>
              </Table.Td>
              <Table.Td data-label="Phone" className={desk.nowrap}>
                {row.phone ?? '—'}
              </Table.Td>
              <Table.Td data-label="Retailers" className={desk.num}>
                {row.retailerCount}
              </Table.Td>
              <Table.Td data-label="Outstanding" className={desk.num} fw={600}>
                {inr(row.outstanding)}
              </Table.Td>
              <Table.Td data-label="Last sign-in">{row.lastSignInAt === null ? 'Never' : formatDateTimeIndia(row.lastSignInAt)}</Table.Td>
              <Table.Td className={desk.status}>
                <ActiveBadge active={row.active} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
