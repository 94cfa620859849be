import '@mantine/core/styles/Table.css';
import type { LinkedRetailer, SalesExecutiveDetail } from '@frameport/domain/contract/admin-staff';
import { Anchor, Button, Checkbox, Group, NativeSelect, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { ApiError, getErrorMessage } from '../../../../lib/api-client.ts';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { formatDateTimeIndia, inr } from '../../admin-display.ts';
import desk from '../../components/desk-table.module.css';
import { ActionDialog } from '../../order/components/action-dialog.tsx';
import { StandingBadge } from '../../retailers/components/standing-badge.tsx';
import { useStaffRole } from '../../staff-role.ts';
import { staffQueries, useMoveRetailers, useSalesExecutiveStatus } from '../api.ts';
import { ActiveBadge, AdminOnly } from './sales-team-page.tsx';
import classes from './staff.module.css';

/**
 * /admin/sales-team/:id (admin): a sales executive's details and linked retailers (city, standing,
 * outstanding); tick retailers and Move to… another active sales executive (one move, each asked
 * first); Deactivate (refused while retailers are linked: the server's message says so) and
 * Reactivate, each asked first.
 */
export function SalesExecutivePage({ id }: { id: number }) {
  const role = useStaffRole();
  const detail = useQuery({ ...staffQueries.salesExecutive(id), enabled: role === 'admin' });
  if (role !== null && role !== 'admin') return <AdminOnly title="Sales executive" />;
  if (detail.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading the sales executive">
        <Skeleton height={28} width="40%" />
        <Skeleton height={120} />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return <EmptyState title="No such sales executive" description={getErrorMessage(detail.error)} headingOrder={1} action={<BackToTeam />} />;
    }
    return <LoadError title="The sales executive could not be loaded" {...retryQuery(detail)} />;
  }
  return <SalesExecutiveView executive={detail.data} />;
}

function BackToTeam() {
  return (
    <Anchor component={Link} to={ADMIN_LINKS.salesTeam} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden="true" />
        Sales team
      </Group>
    </Anchor>
  );
}

function SalesExecutiveView({ executive }: { executive: SalesExecutiveDetail }) {
  const [statusDialog, setStatusDialog] = useState<'deactivate' | 'reactivate' | null>(null);
  const status = useSalesExecutiveStatus(executive.id);
  const closeStatus = () => {
    status.reset();
    setStatusDialog(null);
  };

  return (
    <Stack gap="md">
      <title>{`${executive.name} · Sales team · Frameport back office`}</title>
      <BackToTeam />
      <div className={classes.head}>
        <div>
          <Group gap="xs" align="center">
            <Title order={1} fz="h3">
              {executive.name}
            </Title>
            <ActiveBadge active={executive.active} />
          </Group>
        </div>
        {executive.active ? (
          <Button variant="outline" color="red.9" className={classes.thumbButton} onClick={() => setStatusDialog('deactivate')}>
            Deactivate
          </Button>
        ) : (
          <Button variant="outline" className={classes.thumbButton} onClick={() => setStatusDialog('reactivate')}>
            Reactivate
          </Button>
        )}
      </div>

      <Paper withBorder p="sm" radius="md">
        <dl className={classes.facts}>
          <Fact label="Email" value={executive.email} />
          <Fact label="Phone" value={executive.phone ?? '—'} />
          <Fact label="Retailers" value={String(executive.retailerCount)} />
          <Fact label="Their outstanding" value={inr(executive.outstanding)} />
          <Fact label="Last sign-in" value={executive.lastSignInAt === null ? 'Never' : formatDateTimeIndia(executive.lastSignInAt)} />
          <Fact label="Open sessions" value={String(executive.openSessions)} />
          <Fact label="Added" value={formatDateTimeIndia(executive.createdAt)} />
        </dl>
      </Paper>

      <LinkedRetailers executive={executive} />

      <ActionDialog
        opened={statusDialog !== null}
        onClose={closeStatus}
        title={statusDialog === 'deactivate' ? `Deactivate ${executive.name}?` : `Reactivate ${executive.name}?`}
        message={
          statusDialog === 'deactivate'
            ? executive.retailerCount > 0
              ? `${executive.name} still looks after ${executive.retailerCount} ${executive.retailerCount === 1 ? 'retailer' : 'retailers'}: move them to another sales executive first.`
              : `${executive.name} is signed out everywhere at once and cannot sign in until reactivated.`
            : `${executive.name} can sign in again with their password.`
        }
        submitLabel={statusDialog === 'deactivate' ? 'Deactivate' : 'Reactivate'}
        destructive={statusDialog === 'deactivate'}
        busy={status.isPending}
        error={status.error}
        size="sm"
        onSubmit={() =>
          statusDialog !== null &&
          status.mutate(statusDialog, {
            onSuccess: (result) => {
              notifications.show({ message: result.message, color: 'green', autoClose: RESULT_TOAST_MS });
              closeStatus();
            },
          })
        }
      />
    </Stack>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** The linked retailers with a checkbox each, and the bulk Move to… over them. */
function LinkedRetailers({ executive }: { executive: SalesExecutiveDetail }) {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState(false);
  // Retailers moved away meanwhile drop out of the choice.
  const picked = executive.retailers.filter((retailer) => chosen.has(retailer.id));
  const all = executive.retailers.length > 0 && picked.length === executive.retailers.length;
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="linked-retailers">
      <Stack gap="xs">
        <Title order={2} fz="md" id="linked-retailers">
          Retailers ({executive.retailers.length})
        </Title>
        {executive.retailers.length === 0 ? (
          <Text size="sm" c="dimmed">
            No retailer is linked to {executive.name}. Link retailers from a retailer’s page, or move them here from another sales executive.
          </Text>
        ) : (
          <>
            <div className={classes.bulkBar}>
              <Checkbox
                classNames={{ body: classes.pickAllBody, label: classes.pickAllLabel }}
                label={all ? 'Clear the choice' : 'Choose all'}
                checked={all}
                indeterminate={picked.length > 0 && !all}
                onChange={(event) => setChosen(event.currentTarget.checked ? new Set(executive.retailers.map((r) => r.id)) : new Set())}
              />
              <Group gap="xs">
                <Text size="sm" aria-live="polite">
                  {picked.length === 0 ? 'None chosen' : `${picked.length} chosen`}
                </Text>
                <Button className={classes.thumbButton} disabled={picked.length === 0} onClick={() => setMoving(true)}>
                  Move to…
                </Button>
              </Group>
            </div>
            <div className={desk.frame}>
              <Table className={`${desk.table} ${classes.retailerCards}`} aria-label={`Retailers of ${executive.name}`} verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th className={classes.pick}>
                      <VisuallyHidden>Choose</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>Retailer</Table.Th>
                    <Table.Th>City</Table.Th>
                    <Table.Th ta="right">Outstanding</Table.Th>
                    <Table.Th>Also with</Table.Th>
                    <Table.Th>Standing</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {executive.retailers.map((retailer) => (
                    <RetailerRow key={retailer.id} retailer={retailer} checked={chosen.has(retailer.id)} onToggle={(on) => toggle(retailer.id, on)} />
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </>
        )}
      </Stack>
      {moving && (
        <MoveDialog
          executive={executive}
          retailers={picked}
          onClose={() => setMoving(false)}
          onMoved={() => {
            setChosen(new Set());
            setMoving(false);
          }}
        />
      )}
    </section>
  );
}

function RetailerRow({ retailer, checked, onToggle }: { retailer: LinkedRetailer; checked: boolean; onToggle: (on: boolean) => void }) {
  return (
    <Table.Tr className={`${desk.card} ${checked ? desk.selected : ''}`}>
      <Table.Td className={classes.pick}>
        {/* The label around the box is the 44 px target a thumb needs (the box itself stays small). */}
        <label className={classes.pickTarget}>
          <Checkbox aria-label={`Choose ${retailer.businessName}`} checked={checked} onChange={(event) => onToggle(event.currentTarget.checked)} />
        </label>
      </Table.Td>
      <Table.Td className={desk.ref}>
        <Link to={ADMIN_LINKS.retailer(retailer.id)}>{retailer.businessName}</Link>
        <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
          {retailer.email}
        </Text>
      </Table.Td>
      <Table.Td data-label="City">{`${retailer.city}, ${retailer.stateName}`}</Table.Td>
      <Table.Td data-label="Outstanding" className={desk.num} fw={600}>
        {inr(retailer.outstanding)}
      </Table.Td>
      <Table.Td data-label="Also with">{retailer.alsoWith.length === 0 ? '—' : retailer.alsoWith.join(', ')}</Table.Td>
      <Table.Td className={desk.status}>
        <StandingBadge standing={retailer.standing} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Move the chosen retailers: pick the target (active sales executives but this one), then confirm. */
function MoveDialog(props: { executive: SalesExecutiveDetail; retailers: LinkedRetailer[]; onClose: () => void; onMoved: () => void }) {
  const { executive, retailers } = props;
  const targets = useQuery(staffQueries.activeSalesExecutives());
  const move = useMoveRetailers(executive.id);
  const [target, setTarget] = useState('');
  const [missing, setMissing] = useState(false);
  const options = (targets.data?.salesExecutives ?? []).filter((candidate) => candidate.id !== executive.id);
  const names = retailers.map((r) => r.businessName);
  const listed = names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;

  return (
    <ActionDialog
      opened
      onClose={() => {
        move.reset();
        props.onClose();
      }}
      title={`Move ${retailers.length} ${retailers.length === 1 ? 'retailer' : 'retailers'}`}
      message={`Move ${listed} from ${executive.name} to another sales executive? ${executive.name} loses access to them at once.`}
      submitLabel="Move"
      busy={move.isPending}
      error={move.error}
      onSubmit={() => {
        if (target === '') {
          setMissing(true);
          document.getElementById('move-target')?.focus();
          return;
        }
        move.mutate(
          { retailerIds: retailers.map((r) => r.id), toSalesExecutiveId: Number(target) },
          {
            onSuccess: (result) => {
              notifications.show({ message: result.message, color: 'green', autoClose: RESULT_TOAST_MS });
              props.onMoved();
            },
          },
        );
      }}
    >
      <NativeSelect
        id="move-target"
        label="Move to"
        required
        value={target}
        error={missing ? 'Choose the sales executive to move them to.' : targets.isError ? getErrorMessage(targets.error) : undefined}
        onChange={(event) => {
          setTarget(event.currentTarget.value);
          setMissing(false);
        }}
        data={[
          { value: '', label: targets.isPending ? 'Loading sales executives…' : options.length === 0 ? 'No other active sales executive' : 'Choose…' },
          ...options.map((candidate) => ({ value: String(candidate.id), label: `${candidate.name} (${candidate.retailerCount} retailers)` })),
        ]}
      />
    </ActionDialog>
  );
}
