import '@mantine/core/styles/Table.css';
import type { AdminDiscountRule, DiscountRuleStatus } from '@frameport/domain/contract/admin-discounts';
import { Alert, Badge, Button, Group, NativeSelect, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { ActionDialog } from '../../order/components/action-dialog.tsx';
import { formatDateTime, inr } from '../../order/order-display.ts';
import { useStaffRole } from '../../staff-role.ts';
import classes from '../../components/desk-table.module.css';
import { pricingQueries, useDiscountSave } from '../api.ts';
import { DiscountForm } from './discount-form.tsx';

const STATUS_LABEL: Record<DiscountRuleStatus, string> = { active: 'Active', scheduled: 'Scheduled', ended: 'Ended', inactive: 'Inactive' };
const STATUS_COLOUR: Record<DiscountRuleStatus, string> = { active: '#1e6b31', scheduled: 'indigo.9', ended: 'gray.8', inactive: 'gray.8' };

const band = (rule: AdminDiscountRule): string => {
  if (rule.priceFrom === null && rule.priceTo === null) return 'Any price';
  if (rule.priceTo === null) return `From ${inr(rule.priceFrom!)}`;
  if (rule.priceFrom === null) return `Up to ${inr(rule.priceTo)}`;
  return `${inr(rule.priceFrom)} – ${inr(rule.priceTo)}`;
};
const validity = (rule: AdminDiscountRule): string =>
  `${rule.validFrom === null ? 'Always' : formatDateTime(rule.validFrom)} → ${rule.validTo === null ? 'no end' : formatDateTime(rule.validTo)}`;

/**
 * /admin/discounts (admin): the discount rules with their status (active, scheduled, ended,
 * inactive), New rule / Edit (a form with a preview before saving) and End (asks first).
 */
export function DiscountsPage() {
  const role = useStaffRole();
  const rules = useQuery({ ...pricingQueries.discountRules(), enabled: role === 'admin' });
  const [status, setStatus] = useState<DiscountRuleStatus | ''>('');
  const [editing, setEditing] = useState<{ rule: AdminDiscountRule | null } | null>(null);
  const [ending, setEnding] = useState<AdminDiscountRule | null>(null);
  const end = useDiscountSave();

  if (role !== null && role !== 'admin') {
    return (
      <Stack gap="sm">
        <Title order={1} fz="h3">
          Discounts
        </Title>
        <Alert color="gray">Only an admin can see and change the discount rules.</Alert>
      </Stack>
    );
  }

  const list = (rules.data?.rules ?? []).filter((rule) => status === '' || rule.status === status);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="end" gap="sm">
        <Title order={1} fz="h3">
          Discounts
        </Title>
        <Button onClick={() => setEditing({ rule: null })}>New rule</Button>
      </Group>
      <div className={classes.toolbar}>
        <NativeSelect
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as DiscountRuleStatus | '')}
          data={[{ value: '', label: 'All rules' }, ...Object.entries(STATUS_LABEL).map(([value, label]) => ({ value, label }))]}
        />
      </div>
      {rules.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label="Discount rules">
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={34} />
          ))}
        </Stack>
      ) : rules.isError ? (
        <LoadError title="The discount rules could not be loaded" {...retryQuery(rules)} />
      ) : list.length === 0 ? (
        <EmptyState
          title={status === '' ? 'No discount rules yet.' : `No ${STATUS_LABEL[status].toLowerCase()} rules.`}
          description={status === '' ? 'Create one: a percentage or an amount off, for one state or all.' : undefined}
          action={
            status === '' ? (
              <Button onClick={() => setEditing({ rule: null })}>New rule</Button>
            ) : (
              <Button variant="default" onClick={() => setStatus('')}>
                Show every rule
              </Button>
            )
          }
        />
      ) : (
        <div className={classes.frame}>
          <Table className={classes.table} aria-label="Discount rules" verticalSpacing={4} horizontalSpacing="sm" fz="sm" tabularNums>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>Price band</Table.Th>
                <Table.Th>Validity</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td className={classes.head}>{rule.name}</Table.Td>
                  <Table.Td data-label="Discount" fw={600}>
                    {rule.label}
                  </Table.Td>
                  <Table.Td data-label="Where">{rule.stateName ?? 'All states'}</Table.Td>
                  <Table.Td data-label="Price band" className={classes.nowrap}>
                    {band(rule)}
                  </Table.Td>
                  <Table.Td data-label="Validity">
                    <Text size="sm">{validity(rule)}</Text>
                  </Table.Td>
                  <Table.Td data-label="Status">
                    <Badge color={STATUS_COLOUR[rule.status]} variant="filled" size="sm">
                      {STATUS_LABEL[rule.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td className={classes.actions}>
                    {rule.status !== 'ended' && (
                      <span className={classes.actionsInner}>
                        <Button size="compact-sm" variant="outline" aria-label={`Edit ${rule.name}`} onClick={() => setEditing({ rule })}>
                          Edit
                        </Button>
                        <Button size="compact-sm" variant="outline" color="red.9" aria-label={`End ${rule.name}`} onClick={() => setEnding(rule)}>
                          End
                        </Button>
                      </span>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {editing !== null && <DiscountForm key={editing.rule?.id ?? 'new'} rule={editing.rule} onClose={() => setEditing(null)} />}
      <ActionDialog
        opened={ending !== null}
        onClose={() => {
          end.reset();
          setEnding(null);
        }}
        title="End this rule?"
        message={ending === null ? undefined : `End ${ending.name} (${ending.label}) now? New orders no longer get it; placed orders keep the discount they got.`}
        submitLabel="End rule"
        destructive
        busy={end.isPending}
        error={end.error}
        onSubmit={() =>
          ending !== null &&
          end.mutate(
            { kind: 'end', id: ending.id },
            {
              onSuccess: () => {
                notifications.show({ message: `${ending.name} has ended.`, color: 'green', autoClose: RESULT_TOAST_MS });
                setEnding(null);
              },
            },
          )
        }
        size="sm"
      />
    </Stack>
  );
}
