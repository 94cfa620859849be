import '@mantine/core/styles/Table.css';
import { AGEING_BUCKET_LABELS, AGEING_BUCKETS } from '@frameport/domain';
import type { AdminRetailerDetail } from '@frameport/domain/contract/admin-retailers';
import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from '../../../../lib/router.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { ApiError, getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError, RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { inr } from '../../admin-display.ts';
import desk from '../../components/desk-table.module.css';
import { StatusBadge } from '../../components/status-badge.tsx';
import { RetailerSalesExecutivesEditor } from '../../staff/components/retailer-sales-executives-editor.tsx';
import { ActionDialog, useReason } from '../../order/components/action-dialog.tsx';
import { auditDetailRows, formatDateTime, formatDay, whoText } from '../../order/order-display.ts';
import { retailerQueries, useStatusAction, type StatusAction } from '../api.ts';
import { retailerTexts as text } from '../texts.ts';
import { StandingBadge } from './standing-badge.tsx';
import classes from './retailer-page.module.css';

/**
 * One retailer on the desk (/admin/retailers/:id; admin and accounts): who it is (business, GSTIN,
 * PAN, contact), its addresses, limits and credit (changed on the credit page), where it stands with
 * the reason and who changed it, its sales executives, users, recent orders and invoices, what it
 * owes by age, and the audit trail. The actions are the ones the server allows the caller now
 * (admin: edit, approve, reject, block, unblock; accounts: block, unblock), each asked first.
 */
export function RetailerPage({ retailerId }: { retailerId: number }) {
  const detail = useQuery(retailerQueries.detail(retailerId));

  if (detail.isPending) {
    return (
      <Stack gap="md" role="status" aria-label="Loading the retailer">
        <Skeleton height={28} width="40%" />
        <Skeleton height={160} />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return <EmptyState title={text.retailerNotFound} description={getErrorMessage(detail.error)} headingOrder={1} action={<BackToList />} />;
    }
    return <LoadError title={text.retailerLoadFailed} {...retryQuery(detail)} />;
  }
  return <RetailerView retailer={detail.data} />;
}

function BackToList() {
  return (
    <Anchor component={Link} to={ADMIN_LINKS.retailers()} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden="true" />
        All retailers
      </Group>
    </Anchor>
  );
}

function RetailerView({ retailer }: { retailer: AdminRetailerDetail }) {
  return (
    <Stack gap="md">
      <title>{`${retailer.businessName} · Retailers · Frameport back office`}</title>
      <BackToList />
      <div className={classes.head}>
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz="h3">
              {retailer.businessName}
            </Title>
            <StandingBadge standing={retailer.standing} />
          </Group>
          <StatusLine retailer={retailer} />
        </div>
        <StatusActions retailer={retailer} />
      </div>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Section title="Business" id="business">
          <Facts>
            <Fact label="Contact">{`${retailer.firstName} ${retailer.lastName}`.trim()}</Fact>
            <Fact label="Email">{retailer.email}</Fact>
            <Fact label="Phone">{retailer.phone}</Fact>
            {retailer.alternatePhone !== null && <Fact label="Alternate phone">{retailer.alternatePhone}</Fact>}
            <Fact label="GSTIN">{retailer.gstin ?? 'Not given'}</Fact>
            <Fact label="PAN">{retailer.pan ?? 'Not given'}</Fact>
            <Fact label="Registered">{formatDateTime(retailer.createdAt)}</Fact>
            {retailer.proposedBy !== null && <Fact label="Proposed by">{whoText(retailer.proposedBy)}</Fact>}
          </Facts>
        </Section>
        <Section title="Addresses" id="addresses">
          <Text size="sm" fw={600}>
            Billing
          </Text>
          <Text size="sm">{retailer.billing.address}</Text>
          <Text size="sm">
            {retailer.billing.city}, {retailer.billing.stateName} ({retailer.billing.stateCode}) {retailer.billing.pinCode}
          </Text>
          {retailer.shippingAddresses.length === 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              No shipping addresses: orders ship to the billing address.
            </Text>
          ) : (
            <ul className={classes.plainList}>
              {retailer.shippingAddresses.map((address) => (
                <li key={address.id}>
                  <Text size="sm" fw={600}>
                    Shipping{address.isDefault ? ' (default)' : ''}: {address.name}
                  </Text>
                  <Text size="sm">
                    {address.address}, {address.city}, {address.stateName} {address.pinCode} · {address.phone}
                  </Text>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Limits" id="limits">
          <Facts>
            <Fact label="Pieces of one colour per order">{retailer.limits.maxLimitPerVariant}</Fact>
            <Fact label="Pieces per order">{retailer.limits.maxOrderQuantity}</Fact>
            <Fact label="Order value (with GST)">{inr(retailer.limits.maxOrderValue)}</Fact>
          </Facts>
        </Section>
        <Section
          title="Credit"
          id="credit"
          aside={
            <Anchor component={Link} to={ADMIN_LINKS.retailerCredit(retailer.id)} size="sm">
              Credit page
            </Anchor>
          }
        >
          <Facts>
            <Fact label="Credit limit">{inr(retailer.credit.creditLimit)}</Fact>
            <Fact label="Payment terms">
              {retailer.credit.paymentTermsDays === null
                ? `${retailer.credit.paymentTermsDefaultDays} days (default)`
                : `${retailer.credit.paymentTermsDays} days`}
            </Fact>
            <Fact label="Credit hold" tone={retailer.credit.creditHold ? '#8a4b00' : undefined}>
              {retailer.credit.creditHold ? `On hold${retailer.credit.creditHoldReason ? `: ${retailer.credit.creditHoldReason}` : ''}` : 'No'}
            </Fact>
          </Facts>
        </Section>
      </SimpleGrid>

      <Section title="Outstanding" id="outstanding">
        <Text size="sm" c="dimmed" mb="xs">
          {retailer.outstanding.openInvoices === 0
            ? 'Nothing is owed.'
            : `${retailer.outstanding.openInvoices} open ${retailer.outstanding.openInvoices === 1 ? 'invoice' : 'invoices'} on ${formatDay(retailer.outstanding.asOf)}, by days past due.`}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="xs" component="dl" m={0}>
          {AGEING_BUCKETS.map((bucket) => (
            <div key={bucket} className={classes.bucket}>
              <Text component="dt" size="xs" c="dimmed">
                {AGEING_BUCKET_LABELS[bucket]}
              </Text>
              <Text component="dd" m={0} size="sm" fw={600} className="tabular" c={bucket !== 'notDue' && retailer.outstanding[bucket] > 0 ? 'red.9' : undefined}>
                {inr(retailer.outstanding[bucket])}
              </Text>
            </div>
          ))}
          <div className={classes.bucket}>
            <Text component="dt" size="xs" c="dimmed">
              Total
            </Text>
            <Text component="dd" m={0} size="sm" fw={700} className="tabular">
              {inr(retailer.outstanding.total)}
            </Text>
          </div>
        </SimpleGrid>
      </Section>

      <section data-section="sales-executives" aria-labelledby="retailer-sales-executives">
        <Paper withBorder p="sm" radius="md">
          <Title order={2} fz="md" id="retailer-sales-executives" mb="xs">
            Sales executives
          </Title>
          {retailer.salesExecutives.length === 0 ? (
            <Text size="sm" c="dimmed">
              No sales executive looks after this retailer.
            </Text>
          ) : (
            <ul className={classes.plainList}>
              {retailer.salesExecutives.map((executive) => (
                <li key={executive.userId}>
                  <Text size="sm" fw={600} span>
                    {executive.name}
                  </Text>
                  <Text size="sm" span c="dimmed">
                    {' '}
                    · {executive.email}
                    {executive.phone !== null && ` · ${executive.phone}`}
                  </Text>{' '}
                  <Anchor component={Link} to={ADMIN_LINKS.retailers(`salesExecutiveId=${executive.userId}`)} size="sm">
                    Their retailers
                  </Anchor>
                </li>
              ))}
            </ul>
          )}
          <RetailerSalesExecutivesEditor key={retailer.salesExecutives.map((executive) => executive.userId).join(',')} retailerId={retailer.id} current={retailer.salesExecutives} />
        </Paper>
      </section>

      <Section title="Users" id="users">
        {retailer.users.length === 0 ? (
          <Text size="sm" c="dimmed">
            No sign-in user.
          </Text>
        ) : (
          <DeskTable label="Users" headers={['Name', 'Email', 'Phone', 'Last sign-in', 'State']}>
            {retailer.users.map((user) => (
              <Table.Tr key={user.id} className={desk.card}>
                <Table.Td className={desk.ref}>{user.name}</Table.Td>
                <Table.Td data-label="Email">{user.email}</Table.Td>
                <Table.Td data-label="Phone">{user.phone ?? '—'}</Table.Td>
                <Table.Td data-label="Last sign-in">{user.lastLoginAt === null ? 'Never' : formatDateTime(user.lastLoginAt)}</Table.Td>
                <Table.Td data-label="State">{userState(user)}</Table.Td>
              </Table.Tr>
            ))}
          </DeskTable>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <Section title="Recent orders" id="orders">
          {retailer.recentOrders.length === 0 ? (
            <Text size="sm" c="dimmed">
              No orders yet.
            </Text>
          ) : (
            <DeskTable label="Recent orders" headers={['Order', 'Placed', 'Pcs', 'Total', 'Status']} numeric={[2, 3]}>
              {retailer.recentOrders.map((order) => (
                <Table.Tr key={order.id} className={desk.card}>
                  <Table.Td className={desk.ref}>
                    <Link to={ADMIN_LINKS.order(order.id)}>{order.orderRefNo}</Link>
                  </Table.Td>
                  <Table.Td data-label="Placed">{formatDateTime(order.placedAt)}</Table.Td>
                  <Table.Td data-label="Pcs" className={desk.num}>
                    {order.totalQuantity}
                  </Table.Td>
                  <Table.Td data-label="Total" className={desk.num}>
                    {inr(order.total)}
                  </Table.Td>
                  <Table.Td className={desk.status}>
                    <StatusBadge status={order.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </DeskTable>
          )}
        </Section>
        <Section title="Recent invoices" id="invoices">
          {retailer.recentInvoices.length === 0 ? (
            <Text size="sm" c="dimmed">
              No invoices yet.
            </Text>
          ) : (
            <DeskTable label="Recent invoices" headers={['Invoice', 'Date', 'Due', 'Total', 'Balance', 'Status']} numeric={[3, 4]}>
              {retailer.recentInvoices.map((invoice) => (
                <Table.Tr key={invoice.id} className={desk.card}>
                  <Table.Td className={desk.ref}>{invoice.invoiceNo}</Table.Td>
                  <Table.Td data-label="Date">{formatDay(invoice.invoiceDate)}</Table.Td>
                  <Table.Td data-label="Due">{formatDay(invoice.dueDate)}</Table.Td>
                  <Table.Td data-label="Total" className={desk.num}>
                    {inr(invoice.total)}
                  </Table.Td>
                  <Table.Td data-label="Balance" className={desk.num} fw={600}>
                    {inr(invoice.balance)}
                  </Table.Td>
                  <Table.Td data-label="Status">
                    {invoice.paymentStatus}
                    {invoice.daysOverdue > 0 && (
                      <Text span size="sm" c="red.9">
                        {' '}
                        ({invoice.daysOverdue} {invoice.daysOverdue === 1 ? 'day' : 'days'} overdue)
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </DeskTable>
          )}
        </Section>
      </SimpleGrid>

      <Section title="Audit" id="audit">
        {retailer.audit.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing recorded yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ol" className={classes.audit}>
            {retailer.audit.map((entry) => {
              const rows = auditDetailRows(entry.details);
              return (
                <li key={entry.id}>
                  <Text size="sm" fw={600}>
                    {entry.action}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {whoText(entry.by)}, {formatDateTime(entry.at)}
                  </Text>
                  {rows.length > 0 && (
                    <ul className={classes.auditDetails}>
                      {rows.map((row, index) => (
                        <li key={index}>{row}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

function userState(user: AdminRetailerDetail['users'][number]): string {
  const parts = [user.isActive ? 'Active' : 'Inactive'];
  if (user.awaitingPassword) parts.push('waiting to set a password');
  if (user.locked) parts.push('locked out');
  if (user.activeSessions > 0) parts.push(`${user.activeSessions} open ${user.activeSessions === 1 ? 'session' : 'sessions'}`);
  return parts.join(', ');
}

/** Where it stands: the reason of a block or rejection, and who changed it when. */
function StatusLine({ retailer }: { retailer: AdminRetailerDetail }) {
  const changed = retailer.statusChanged;
  return (
    <Stack gap={2} mt={4}>
      {retailer.statusReason !== null && (
        <Text size="sm" c={retailer.status === 'Blocked' ? 'red.9' : undefined}>
          {retailer.status === 'Blocked' ? 'Blocked' : 'Reason'}: {retailer.statusReason}
        </Text>
      )}
      {retailer.standing === 'Credit hold' && (
        <Text size="sm" c="#8a4b00">
          On credit hold{retailer.credit.creditHoldReason ? `: ${retailer.credit.creditHoldReason}` : ''}. It can browse and keep a cart, but not place orders.
        </Text>
      )}
      {retailer.status === 'Pending' && (
        <Text size="sm">Proposed{retailer.proposedBy !== null ? ` by ${whoText(retailer.proposedBy)}` : ''}; waiting for an admin's approval.</Text>
      )}
      {changed !== null && (
        <Text size="xs" c="dimmed">
          {retailer.status} since {formatDateTime(changed.at)}
          {changed.by !== null && `, by ${whoText(changed.by)}`}
        </Text>
      )}
    </Stack>
  );
}

type Asking = { action: StatusAction } | null;

/** The actions the server allows now: Edit is a link; the others ask first, block and reject with a reason. */
function StatusActions({ retailer }: { retailer: AdminRetailerDetail }) {
  const [asking, setAsking] = useState<Asking>(null);
  const change = useStatusAction(retailer.id);
  const reason = useReason();
  const { actions } = retailer;
  const name = retailer.businessName;

  const close = () => {
    if (change.isPending) return;
    setAsking(null);
    change.reset();
    reason.reset();
  };
  const run = (action: StatusAction) => {
    if ((action === 'reject' || action === 'block') && !reason.check()) return;
    change.mutate(
      { action, reason: reason.value },
      {
        onSuccess: () => {
          setAsking(null);
          reason.reset();
          const done = { approve: text.approved, reject: text.rejected, block: text.blocked, unblock: text.unblocked }[action];
          notifications.show({ message: done(name), color: 'green', autoClose: RESULT_TOAST_MS });
        },
        onError: (error) => {
          // The reason dialogs show a refusal inside; the confirm has no room for it: it closes and says why.
          if (action === 'approve' || action === 'unblock') {
            setAsking(null);
            notifyError(getErrorMessage(error));
          }
        },
      },
    );
  };
  const open = (action: StatusAction) => {
    change.reset();
    reason.reset();
    setAsking({ action });
  };

  const any = actions.edit || actions.approve || actions.reject || actions.block || actions.unblock;
  if (!any) return null;
  const action = asking?.action ?? null;

  return (
    <div className={classes.actions}>
      {actions.approve && (
        <Button size="sm" className={classes.thumbButton} onClick={() => open('approve')}>
          {text.approve}
        </Button>
      )}
      {actions.reject && (
        <Button size="sm" variant="outline" color="red.9" className={classes.thumbButton} onClick={() => open('reject')}>
          {text.reject}
        </Button>
      )}
      {actions.edit && (
        <Button
          component={Link}
          to={ADMIN_LINKS.editRetailer(retailer.id)}
          size="sm"
          variant="default"
          className={classes.thumbButton}
          leftSection={<IconPencil size={14} aria-hidden="true" />}
        >
          {text.edit}
        </Button>
      )}
      {actions.unblock && (
        <Button size="sm" variant="default" className={classes.thumbButton} onClick={() => open('unblock')}>
          {text.unblock}
        </Button>
      )}
      {actions.block && (
        <Button size="sm" variant="outline" color="red.9" className={classes.thumbButton} onClick={() => open('block')}>
          {text.block}
        </Button>
      )}

      <ConfirmDialog
        opened={action === 'approve' || action === 'unblock'}
        title={action === 'unblock' ? `Unblock ${name}` : `Approve ${name}`}
        message={action === 'unblock' ? text.confirmUnblock(name) : text.confirmApprove(name)}
        confirmLabel={action === 'unblock' ? text.unblock : text.approve}
        destructive={false}
        busy={change.isPending}
        onConfirm={() => action !== null && run(action)}
        onCancel={close}
      />
      <ActionDialog
        opened={action === 'reject' || action === 'block'}
        onClose={close}
        title={action === 'block' ? `Block ${name}` : `Reject ${name}`}
        message={action === 'block' ? text.confirmBlock(name) : text.confirmReject(name)}
        submitLabel={action === 'block' ? text.block : text.reject}
        destructive
        busy={change.isPending}
        error={change.error}
        onSubmit={() => action !== null && run(action)}
      >
        {reason.field(text.reasonLabel)}
      </ActionDialog>
    </div>
  );
}

function Section({ title, id, aside, children }: { title: string; id: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={`retailer-${id}`}>
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} fz="md" id={`retailer-${id}`}>
          {title}
        </Title>
        {aside}
      </Group>
      {children}
    </Paper>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return (
    <dl className={classes.facts} style={{ margin: 0 }}>
      {children}
    </dl>
  );
}

function Fact({ label, children, tone }: { label: string; children: ReactNode; tone?: string }) {
  return (
    <div className={classes.fact}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={500} c={tone} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function DeskTable({ label, headers, numeric = [], children }: { label: string; headers: string[]; numeric?: number[]; children: ReactNode }) {
  return (
    <div className={desk.frame}>
      <Table className={desk.table} aria-label={label} verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header, index) => (
              <Table.Th key={header} ta={numeric.includes(index) ? 'right' : undefined}>
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}
