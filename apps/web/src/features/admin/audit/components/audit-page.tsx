import '@mantine/core/styles/Table.css';
import type { AuditLogEntry } from '@frameport/domain/contract/admin-audit';
import { Alert, Anchor, Button, Code, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { notifyError } from '../../../../lib/notify.ts';
import { saveFile } from '../../../../lib/save-file.ts';
import { useUrlParams } from '../../../../lib/use-url-params.ts';
import desk from '../../components/desk-table.module.css';
import { formatDateTime } from '../../order/order-display.ts';
import { useStaffRole } from '../../staff-role.ts';
import { auditQueries, fetchAuditCsv, type AuditFilters } from '../api.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,9}$/;

function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  const who = params.get('who');
  if (who && ID.test(who)) filters.actorUserId = Number(who);
  const what = params.get('what');
  if (what) filters.action = what;
  const retailer = params.get('retailer');
  if (retailer && ID.test(retailer)) filters.retailerId = Number(retailer);
  const from = params.get('from');
  if (from && DAY.test(from)) filters.from = from;
  const to = params.get('to');
  if (to && DAY.test(to)) filters.to = to;
  return filters;
}

/** A value for the details view: text as it is, anything else as compact JSON. */
const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** Details readably: a before/after table of the fields that changed (or all), then the other keys. */
function Details({ details }: { details: Record<string, unknown> }) {
  const { before, after, ...rest } = details;
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const pairs = isObject(before) || isObject(after) ? [...new Set([...Object.keys(isObject(before) ? before : {}), ...Object.keys(isObject(after) ? after : {})])] : [];
  const restKeys = Object.keys(rest);
  return (
    <Stack gap={6}>
      {pairs.length > 0 && (
        <Table fz="xs" verticalSpacing={2} withTableBorder aria-label="Before and after">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pairs.map((key) => {
              const was = isObject(before) ? before[key] : undefined;
              const now = isObject(after) ? after[key] : undefined;
              const changed = JSON.stringify(was) !== JSON.stringify(now);
              return (
                <Table.Tr key={key} fw={changed ? 600 : undefined}>
                  <Table.Td>{key}</Table.Td>
                  <Table.Td>{shown(was)}</Table.Td>
                  <Table.Td>{shown(now)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {restKeys.length > 0 && (
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '2px 12px', fontSize: 'var(--mantine-font-size-xs)' }}>
          {restKeys.map((key) => (
            <Fragment key={key}>
              <dt style={{ fontWeight: 600 }}>{key}</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{shown(rest[key])}</dd>
            </Fragment>
          ))}
        </dl>
      )}
      {pairs.length === 0 && restKeys.length === 0 && (
        <Text size="xs" c="dimmed">
          No details recorded.
        </Text>
      )}
    </Stack>
  );
}

function retailerOf(entry: AuditLogEntry): { id: number; name: string } | null {
  if (entry.onBehalfOf) return entry.onBehalfOf;
  if (entry.entity === 'retailer' && entry.entityId && ID.test(entry.entityId)) return { id: Number(entry.entityId), name: entry.entityName ?? `Retailer ${entry.entityId}` };
  return null;
}

/**
 * /admin/audit (admin only): who did what, to what, for which retailer, when — newest first, 50 a
 * page (Older / Newer by cursor); filters in the URL (who, what, retailer, from, to); each row's
 * details open below it with before and after side by side; the filtered log as CSV.
 */
export function AuditPage() {
  const role = useStaffRole();
  const [params, writeUrl] = useUrlParams();
  const filters = filtersOf(params);
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? null;
  const allowed = role === 'admin';
  const log = useQuery({ ...auditQueries.page(filters, cursor), enabled: allowed });
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [downloading, setDownloading] = useState(false);

  const setFilter = (key: string, value: string | null) => {
    setCursors([]);
    writeUrl((latest) => {
      const next = new URLSearchParams(latest);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });
  };
  const heading = (
    <Title order={1} fz="h3">
      Audit log
    </Title>
  );
  if (role !== null && !allowed) {
    return (
      <Stack gap="sm">
        {heading}
        <Alert color="gray">Only admin can see the audit log.</Alert>
      </Stack>
    );
  }
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchAuditCsv(filters), `audit-log${filters.from ? `-${filters.from}` : ''}${filters.to ? `-to-${filters.to}` : ''}.csv`);
    } catch (error) {
      notifyError(getErrorMessage(error), 'The audit log could not be downloaded');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="sm">
      <title>Audit log · Frameport back office</title>
      <div>
        {heading}
        <Text size="sm" c="dimmed">
          Every change in the back office and every call made on a retailer's behalf, newest first.
        </Text>
      </div>
      <div className={desk.toolbar}>
        <Select
          label="Who"
          placeholder="Anyone"
          searchable
          clearable
          className={desk.thumb}
          value={filters.actorUserId !== undefined ? String(filters.actorUserId) : null}
          onChange={(value) => setFilter('who', value)}
          data={(log.data?.actors ?? []).map((actor) => ({ value: String(actor.id), label: `${actor.name} (${actor.role ?? 'user'})` }))}
        />
        <Select
          label="What"
          placeholder="Any action"
          searchable
          clearable
          className={desk.thumb}
          value={filters.action ?? null}
          onChange={(value) => setFilter('what', value)}
          data={[...new Set([...(log.data?.actions ?? []), ...(filters.action ? [filters.action] : [])])]}
        />
        <TextInput label="From" type="date" className={desk.thumb} value={filters.from ?? ''} onChange={(event) => setFilter('from', event.currentTarget.value)} />
        <TextInput label="To" type="date" className={desk.thumb} value={filters.to ?? ''} onChange={(event) => setFilter('to', event.currentTarget.value)} />
        <Button variant="default" className={desk.thumb} loading={downloading} onClick={() => void download()}>
          Export CSV
        </Button>
      </div>
      {filters.retailerId !== undefined && (
        <Group gap="xs">
          <Text size="sm">
            Retailer: <strong>{log.data?.retailer?.name ?? `#${filters.retailerId}`}</strong>
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setFilter('retailer', null)}>
            Any retailer
          </Button>
        </Group>
      )}
      {log.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label="Loading the audit log">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} height={34} />
          ))}
        </Stack>
      ) : log.isError && log.data === undefined ? (
        <LoadError title="The audit log could not be loaded" {...retryQuery(log)} />
      ) : log.data.entries.length === 0 ? (
        <EmptyState title="Nothing logged." description="No change matches these filters." />
      ) : (
        <div className={`${desk.frame} ${log.isPlaceholderData ? desk.stale : ''}`} aria-busy={log.isPlaceholderData}>
          <Table className={desk.table} aria-label="Audit log" verticalSpacing={6} horizontalSpacing="sm" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Entity</Table.Th>
                <Table.Th>Retailer</Table.Th>
                <Table.Th>Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.entries.map((entry) => {
                const retailer = retailerOf(entry);
                const expanded = open.has(entry.id);
                return (
                  <Fragment key={entry.id}>
                    <Table.Tr>
                      <Table.Td className={desk.head}>{formatDateTime(entry.at)}</Table.Td>
                      <Table.Td data-label="Who">
                        {entry.actor ? `${entry.actor.name} (${entry.actor.role ?? 'user'})` : 'System'}
                      </Table.Td>
                      <Table.Td data-label="What">
                        <Code>{entry.action}</Code>
                      </Table.Td>
                      <Table.Td data-label="Entity">{entry.entity ? `${entry.entity} ${entry.entityId ?? ''}`.trim() : '—'}</Table.Td>
                      <Table.Td data-label="Retailer">
                        {retailer ? (
                          <Anchor component="button" type="button" size="sm" onClick={() => setFilter('retailer', String(retailer.id))} aria-label={`Only ${retailer.name}`}>
                            {retailer.name}
                            {entry.onBehalfOf ? ' (on behalf)' : ''}
                          </Anchor>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td data-label="Details">
                        <UnstyledButton className={desk.thumb} onClick={() => toggle(entry.id)} aria-expanded={expanded} aria-controls={`audit-details-${entry.id}`}>
                          <Text span size="sm" c="frameport.7" td="underline">
                            {expanded ? 'Hide' : 'Show'}
                          </Text>
                        </UnstyledButton>
                      </Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr id={`audit-details-${entry.id}`}>
                        <Table.Td colSpan={6}>
                          <Details details={entry.details} />
                          {entry.ip && (
                            <Text size="xs" c="dimmed" mt={4}>
                              From {entry.ip}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {log.data && (cursors.length > 0 || log.data.nextCursor !== null) && (
        <Group justify="space-between">
          <Button variant="default" className={desk.thumb} disabled={cursors.length === 0} onClick={() => setCursors((list) => list.slice(0, -1))}>
            Newer
          </Button>
          <Button variant="default" className={desk.thumb} disabled={log.data.nextCursor === null} onClick={() => setCursors((list) => (log.data?.nextCursor ? [...list, log.data.nextCursor] : list))}>
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
