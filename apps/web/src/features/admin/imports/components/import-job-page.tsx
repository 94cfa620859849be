import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Progress.css';
import { IMPORT_ROW_ACTIONS, type ImportKind, type ImportRowAction } from '@frameport/domain';
import type { ImportJobDetail, ImportRowReport } from '@frameport/domain/contract/admin-catalogue';
import { Alert, Anchor, Badge, Button, Group, Pagination, Progress, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from '../../../../lib/router.tsx';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { ApiError, getErrorMessage } from '../../../../lib/api-client.ts';
import { formatDateTimeIndia, stampText } from '../../admin-display.ts';
import queue from '../../components/desk-table.module.css';
import { importQueries, isRunning, newIdempotencyKey, REPORT_PAGE_SIZE, useJobAction, type ReportFilter } from '../api.ts';
import { ACTION_COLOURS, ACTION_DONE_LABELS, ACTION_LABELS, changeColumn, changeValue, importTexts as text, KIND_SHORT, STATUS_LABELS } from '../texts.ts';
import classes from './imports.module.css';
import { JobStatusBadge } from './job-status-badge.tsx';

const FILTERS: readonly ReportFilter[] = ['all', ...IMPORT_ROW_ACTIONS];

function readFilter(params: URLSearchParams): { action: ReportFilter; page: number } {
  const action = params.get('action');
  const page = Number(params.get('page'));
  return {
    action: FILTERS.includes(action as ReportFilter) ? (action as ReportFilter) : 'all',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * /admin/imports/:id: one import job. While the worker checks or applies it, its progress (rows
 * done of total, rate, time left) follows about every second; once checked, the totals and the
 * per-row report (filterable by action, in the URL), a warning when the same file came before, and
 * Apply (asks first, says that rows with errors are skipped) or Cancel; once applied, the summary.
 */
export function ImportJobPage({ id }: { id: number }) {
  const [params, setParams] = useSearchParams();
  const { action, page } = readFilter(params);
  const job = useQuery(importQueries.job(id, action, page));

  const setFilter = (next: ReportFilter, nextPage = 1) => {
    const search = new URLSearchParams();
    if (next !== 'all') search.set('action', next);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  const back = (
    <Anchor component={Link} to={ADMIN_LINKS.imports} size="sm" className={classes.backLink}>
      <IconArrowLeft size={14} aria-hidden="true" /> {text.backToImports}
    </Anchor>
  );

  if (job.isPending) {
    return (
      <>
        {back}
        <Title order={1} fz="h3" my="sm">
          {text.jobTitle(id)}
        </Title>
        <div role="status" aria-label="Loading the import">
          <Skeleton height={80} radius="md" mb="sm" />
          <Skeleton height={240} radius="md" />
        </div>
      </>
    );
  }
  if (job.isError && job.data === undefined) {
    if (job.error instanceof ApiError && job.error.status === 404) {
      return (
        <>
          {back}
          <EmptyState title={text.jobNotFound} headingOrder={1} />
        </>
      );
    }
    return (
      <>
        {back}
        <Title order={1} fz="h3" my="sm">
          {text.jobTitle(id)}
        </Title>
        <LoadError title={text.jobLoadFailed} {...retryQuery(job)} />
      </>
    );
  }

  const data = job.data!;
  return (
    <>
      <title>{`${text.jobTitle(id)} · Frameport back office`}</title>
      {back}
      <Group justify="space-between" align="flex-start" my="sm" gap="xs">
        <div className={classes.fileCell}>
          <Title order={1} fz="h3">
            {text.jobTitle(id)}: {data.fileName}
          </Title>
          <Text size="sm" c="dimmed">
            {KIND_SHORT[data.kind]}
            {data.hasImages ? ' with images' : ''} · {data.totalRows.toLocaleString('en-IN')} rows · uploaded by {stampText(data.created)}
          </Text>
        </div>
        <JobStatusBadge status={data.status} />
      </Group>

      <Stack gap="sm">
        {(isRunning(data.status) || data.status === 'applied') && <JobProgress job={data} />}
        {data.status === 'failed' && (
          <Alert color="red" variant="light" title={text.fileFailed} icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
            <Text size="sm">{data.fileError ?? STATUS_LABELS.failed}</Text>
          </Alert>
        )}
        {data.sameFileAs !== null && data.status === 'ready' && (
          <Alert color="#8a4b00" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={text.sameFile(data.sameFileAs.id, STATUS_LABELS[data.sameFileAs.status], formatDateTimeIndia(data.sameFileAs.at))}>
            <Text size="sm">
              <Anchor component={Link} to={ADMIN_LINKS.importJob(data.sameFileAs.id)}>
                Open import #{data.sameFileAs.id}
              </Anchor>
              {data.sameFileAs.status === 'applied' ? `. ${text.sameFileApplied}` : ''}
            </Text>
          </Alert>
        )}
        {data.status === 'applied' && (
          <Alert color="#1e6b31" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />} title={text.applied(data.counts.create, data.counts.update)}>
            <Text size="sm">
              {data.applied !== null && `By ${stampText(data.applied)}.`}
              {data.counts.error > 0 && text.skipped(data.counts.error)}
            </Text>
          </Alert>
        )}
        {data.status === 'cancelled' && (
          <Alert color="gray" variant="light" title={STATUS_LABELS.cancelled}>
            <Text size="sm">{text.cancelled}</Text>
          </Alert>
        )}
        {data.status === 'ready' && <ReadyActions job={data} />}
        {data.checkedAt !== null && <Totals job={data} />}
        {data.checkedAt !== null && data.status !== 'failed' && (
          <Report job={data} action={action} page={page} stale={job.isPlaceholderData} onFilter={setFilter} />
        )}
      </Stack>
    </>
  );
}

/**
 * Rows done of the file's rows (the worker counts every row it has passed, unchanged and error rows
 * too), the rate and the time left while the worker is on the job; once applied, the bar stays full
 * with how long applying took, so the end of the run is seen even when it was quicker than a poll.
 */
function JobProgress({ job }: { job: ImportJobDetail }) {
  const done = job.status === 'applied';
  const applying = job.status === 'applying' || done;
  const count = done ? job.totalRows : applying ? job.appliedRows : job.checkedRows;
  const total = Math.max(1, job.totalRows);
  const percent = done ? 100 : Math.min(100, Math.round((count / total) * 100));
  const label = done ? text.appliedAll : job.status === 'queued' ? text.queued : applying ? text.applying : text.checking;
  const took = done && job.applied !== null && job.finishedAt !== null ? (Date.parse(job.finishedAt) - Date.parse(job.applied.at)) / 1000 : null;
  return (
    <section aria-label={label} className={classes.total}>
      <div className={classes.progressLine}>
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" aria-live="polite">
          {text.progress(Math.min(count, job.totalRows), job.totalRows)}
          {!done && job.rate !== null && ` · ${text.rate(job.rate)}`}
          {!done && job.secondsLeft !== null && ` · ${text.timeLeft(job.secondsLeft)}`}
          {took !== null && Number.isFinite(took) && ` · ${text.took(took)}`}
        </Text>
      </div>
      <Progress
        value={percent}
        mt={6}
        size="lg"
        radius="sm"
        color={done ? '#1e6b31' : undefined}
        aria-label={`${label}: ${percent} %`}
        animated={isRunning(job.status) && job.status !== 'queued'}
      />
    </section>
  );
}

function Totals({ job }: { job: ImportJobDetail }) {
  return (
    <section aria-label={text.totals}>
    <dl className={classes.totals}>
      {IMPORT_ROW_ACTIONS.map((action) => (
        <div key={action} className={classes.total}>
          <dt>{ACTION_LABELS[action]}</dt>
          <dd style={action === 'error' && job.counts.error > 0 ? { color: 'var(--mantine-color-red-9)' } : undefined}>
            {job.counts[action].toLocaleString('en-IN')}
          </dd>
        </div>
      ))}
    </dl>
    </section>
  );
}

function ReadyActions({ job }: { job: ImportJobDetail }) {
  const apply = useJobAction(job.id, 'apply');
  const cancel = useJobAction(job.id, 'cancel');
  const [asking, setAsking] = useState<'apply' | 'cancel' | null>(null);
  // One key per confirmation: a retried request reuses it, a new click makes a new one.
  const key = useRef('');
  const ask = (what: 'apply' | 'cancel') => {
    key.current = newIdempotencyKey();
    apply.reset();
    cancel.reset();
    setAsking(what);
  };
  const toApply = job.counts.create + job.counts.update;
  const failed = apply.error ?? cancel.error;

  return (
    <>
      <div className={classes.actions}>
        {toApply === 0 && (
          <Text size="sm" c="dimmed" mr="auto">
            {text.nothingToApply}
          </Text>
        )}
        {job.counts.error > 0 && toApply > 0 && (
          <Text size="sm" c="red.9" mr="auto">
            {text.skipped(job.counts.error).trim()}
          </Text>
        )}
        <Button variant="default" onClick={() => ask('cancel')}>
          {text.cancelImport}
        </Button>
        <Button onClick={() => ask('apply')} disabled={toApply === 0}>
          {text.apply}
        </Button>
      </div>
      {failed !== null && (
        <Alert color="red" variant="light" title={text.actionFailed}>
          <Text size="sm">{getErrorMessage(failed)}</Text>
        </Alert>
      )}
      <ConfirmDialog
        opened={asking === 'apply'}
        title={text.confirmApplyTitle}
        message={`${text.confirmApply(job.kind, job.counts.create, job.counts.update)}${job.counts.error > 0 ? text.skipped(job.counts.error) : ''}${text.confirmApplyEffect(job.kind)}`}
        confirmLabel={text.apply}
        destructive={false}
        busy={apply.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => apply.mutate({ idempotencyKey: key.current }, { onSettled: () => setAsking(null) })}
      />
      <ConfirmDialog
        opened={asking === 'cancel'}
        title={text.confirmCancelTitle}
        message={text.confirmCancel}
        confirmLabel={text.cancelImport}
        busy={cancel.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => cancel.mutate({ idempotencyKey: key.current }, { onSettled: () => setAsking(null) })}
      />
    </>
  );
}

function Report({
  job,
  action,
  page,
  stale,
  onFilter,
}: {
  job: ImportJobDetail;
  action: ReportFilter;
  page: number;
  stale: boolean;
  onFilter: (action: ReportFilter, page?: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(job.rowCount / REPORT_PAGE_SIZE));
  const total = job.counts.create + job.counts.update + job.counts.unchanged + job.counts.error;
  return (
    <section aria-labelledby="import-report">
      <Title order={2} fz="h4" id="import-report" mb="xs">
        {text.report}
      </Title>
      <nav aria-label="Rows by action" className={classes.filters}>
        {FILTERS.map((filter) => (
          <Button
            key={filter}
            size="compact-sm"
            variant={filter === action ? 'filled' : 'default'}
            aria-current={filter === action ? 'page' : undefined}
            onClick={() => onFilter(filter)}
            className="tabular"
          >
            {filter === 'all' ? text.all : ACTION_LABELS[filter]} ({(filter === 'all' ? total : job.counts[filter]).toLocaleString('en-IN')})
          </Button>
        ))}
      </nav>
      {job.rows.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {text.noRows}
        </Text>
      ) : (
        <div className={`${queue.frame} ${stale ? queue.stale : ''}`} style={{ marginTop: 'var(--mantine-spacing-xs)' }} aria-busy={stale}>
          <Table className={queue.table} aria-label={text.report} verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{text.rowColumn}</Table.Th>
                <Table.Th>{text.itemColumn(job.kind)}</Table.Th>
                <Table.Th>{text.changesColumn}</Table.Th>
                <Table.Th>{text.actionColumn}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {job.rows.map((row) => (
                <ReportRow key={row.rowNo} row={row} kind={job.kind} />
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {pages > 1 && (
        <Pagination
          mt="sm"
          size="sm"
          total={pages}
          value={Math.min(page, pages)}
          onChange={(next) => onFilter(action, next)}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      )}
    </section>
  );
}

function ReportRow({ row, kind }: { row: ImportRowReport; kind: ImportKind }) {
  return (
    <Table.Tr className={queue.card}>
      <Table.Td className={queue.ref}>Row {row.rowNo}</Table.Td>
      <Table.Td data-label={text.itemColumn(kind)} className={classes.fileCell}>
        {row.label}
      </Table.Td>
      <Table.Td data-label={row.action === 'error' ? 'Errors' : 'Changes'} className={classes.changesCell}>
        {row.errors.length > 0 ? (
          <ul className={classes.changes}>
            {row.errors.map((error, index) => (
              <li key={index} className={classes.errorText}>
                {error.column !== null && <strong>{error.column}: </strong>}
                {error.message}
              </li>
            ))}
          </ul>
        ) : row.changes.length > 0 ? (
          // A new style lists every field it gets: one wrapped run, not a line each.
          <ul className={row.action === 'create' ? `${classes.changes} ${classes.inline}` : classes.changes}>
            {row.changes.map((change) => (
              <li key={change.field}>
                <strong>{changeColumn(kind, change.field)}</strong>:{' '}
                {row.action === 'update' && (
                  <>
                    <span className={classes.from}>
                      <VisuallyHidden>{text.changeFrom} </VisuallyHidden>
                      {changeValue(kind, change.from)}
                    </span>{' '}
                    <span aria-hidden="true">→ </span>
                    <VisuallyHidden>{text.changeTo} </VisuallyHidden>
                  </>
                )}
                {changeValue(kind, change.to)}
              </li>
            ))}
          </ul>
        ) : (
          <Text span size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td className={queue.status}>
        <ActionBadge action={row.action} applied={row.applied} />
      </Table.Td>
    </Table.Tr>
  );
}

function ActionBadge({ action, applied }: { action: ImportRowAction; applied: boolean }) {
  return (
    <Badge color={ACTION_COLOURS[action]} variant="filled" radius="sm" size="sm" tt="none">
      {applied && (action === 'create' || action === 'update') ? ACTION_DONE_LABELS[action] : ACTION_LABELS[action]}
    </Badge>
  );
}
