import '@mantine/core/styles/Table.css';
import { IMPORT_KINDS, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ZIP_BYTES, type ImportKind } from '@frameport/domain';
import type { ImportJob } from '@frameport/domain/contract/admin-catalogue';
import { Alert, Badge, Button, Card, Group, NativeSelect, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from '../../../../lib/router.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { ADMIN_LINKS } from '../../../../config/paths.ts';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { dateAndTimeIndia } from '../../admin-display.ts';
import queue from '../../components/desk-table.module.css';
import { useStaffRole } from '../../staff-role.ts';
import { downloadCatalogue, downloadTemplate, importQueries, useUploadImport } from '../api.ts';
import { importTexts as text, KIND_LABELS, KIND_SHORT } from '../texts.ts';
import classes from './imports.module.css';
import { JobStatusBadge } from './job-status-badge.tsx';
import { onOpenableRowKeyDown } from '../../components/row-keys.ts';

const MB = 1024 * 1024;
const SHEET = /\.(csv|xlsx)$/i;

/** The kinds a role may import: admins all three, the warehouse stock only (the server refuses the rest). */
const kindsFor = (role: string | null): readonly ImportKind[] => (role === 'admin' ? IMPORT_KINDS : ['stock']);

/**
 * /admin/imports: upload a sheet (drag and drop or the picker) of one kind, with an optional
 * images ZIP for a catalogue; the templates and filled examples; the catalogue export; past jobs.
 * A new upload opens its job, where the dry run's report is reviewed before anything is applied.
 */
export function ImportsPage() {
  const role = useStaffRole();
  return (
    <>
      <title>Imports · Frameport back office</title>
      <Title order={1} fz="h3" mb="sm">
        {text.pageTitle}
      </Title>
      <div className={classes.top}>
        {role === null ? <Skeleton height={260} radius="md" /> : <UploadCard key={role} kinds={kindsFor(role)} />}
        <Stack gap="sm">
          {role !== null && <TemplatesCard kinds={kindsFor(role)} />}
          {role === 'admin' && <ExportCard />}
        </Stack>
      </div>
      <Title order={2} fz="h4" mt="lg" mb="xs">
        {text.pastImports}
      </Title>
      <JobList />
    </>
  );
}

function problemOfSheet(file: File): string | null {
  if (!SHEET.test(file.name)) return text.wrongType;
  if (file.size > IMPORT_MAX_FILE_BYTES) return text.tooLarge(IMPORT_MAX_FILE_BYTES / MB);
  return null;
}

function problemOfZip(file: File): string | null {
  if (!/\.zip$/i.test(file.name)) return text.notZip;
  if (file.size > IMPORT_MAX_ZIP_BYTES) return text.zipTooLarge(IMPORT_MAX_ZIP_BYTES / MB);
  return null;
}

const sizeText = (bytes: number) => (bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / MB).toFixed(1)} MB`);

function UploadCard({ kinds }: { kinds: readonly ImportKind[] }) {
  const navigate = useNavigate();
  const upload = useUploadImport();
  const [kind, setKind] = useState<ImportKind>(kinds[0]!);
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const ids = { file: useId(), zip: useId(), problem: useId() };

  const pick = (chosen: File | undefined) => {
    if (chosen === undefined) return;
    const why = problemOfSheet(chosen);
    setProblem(why);
    setFile(why === null ? chosen : null);
    upload.reset();
  };
  const pickZip = (chosen: File | undefined) => {
    if (chosen === undefined) return;
    const why = problemOfZip(chosen);
    setProblem(why);
    setImages(why === null ? chosen : null);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = Array.from(event.dataTransfer.files);
    const zip = dropped.find((f) => /\.zip$/i.test(f.name));
    const sheet = dropped.find((f) => f !== zip);
    if (sheet !== undefined) pick(sheet);
    if (zip !== undefined && kind === 'catalogue') pickZip(zip);
  };

  const submit = () => {
    if (file === null) {
      setProblem(text.noFile);
      return;
    }
    upload.mutate(
      { kind, file, images: kind === 'catalogue' ? images : null },
      { onSuccess: (job) => void navigate(ADMIN_LINKS.importJob(job.id)) },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`${ids.file}-title`}>
      <Title order={2} fz="h4" id={`${ids.file}-title`} mb="xs">
        {text.newImport}
      </Title>
      <Stack gap="sm">
        {kinds.length > 1 ? (
          <NativeSelect
            label={text.kindLabel}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as ImportKind)}
            data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
            disabled={upload.isPending}
          />
        ) : (
          <Text size="sm">
            <Text span fw={600}>
              {KIND_LABELS[kind]}
            </Text>
            {' · '}
            {text.warehouseKind}
          </Text>
        )}

        <div
          className={`${classes.drop} ${dragging ? classes.dragging : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <IconFileSpreadsheet size={28} aria-hidden="true" className={classes.dropIcon} />
          <label htmlFor={ids.file} className={classes.dropLabel}>
            {text.fileLabel}
          </label>
          {file === null ? (
            <Text size="sm" c="dimmed">
              {text.dropHere}
            </Text>
          ) : (
            <Text size="sm" fw={600} className={classes.fileName} aria-live="polite">
              {file.name} <Text span size="xs" c="dimmed">({sizeText(file.size)})</Text>
            </Text>
          )}
          <input
            ref={fileInput}
            id={ids.file}
            name="file"
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className={classes.hiddenInput}
            aria-describedby={problem === null ? undefined : ids.problem}
            onChange={(event) => {
              pick(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
          <Button size="xs" variant="default" leftSection={<IconUpload size={14} aria-hidden="true" />} onClick={() => fileInput.current?.click()} disabled={upload.isPending}>
            {file === null ? text.chooseFile : text.chooseAnother}
          </Button>
        </div>

        {kind === 'catalogue' && (
          <div className={classes.zipRow}>
            <div className={classes.zipText}>
              <label htmlFor={ids.zip} className={classes.zipLabel}>
                {text.imagesLabel}
              </label>
              <Text size="xs" c="dimmed">
                {images === null ? text.imagesHelp : `${images.name} (${sizeText(images.size)})`}
              </Text>
            </div>
            <input
              ref={zipInput}
              id={ids.zip}
              name="images"
              type="file"
              accept=".zip,application/zip"
              className={classes.hiddenInput}
              onChange={(event) => {
                pickZip(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
            <Group gap="xs">
              <Button size="xs" variant="default" onClick={() => zipInput.current?.click()} disabled={upload.isPending}>
                {text.chooseZip}
              </Button>
              {images !== null && (
                <Button size="xs" variant="default" c="red.9" onClick={() => setImages(null)} disabled={upload.isPending}>
                  {text.removeZip}
                </Button>
              )}
            </Group>
          </div>
        )}

        <div aria-live="polite" className={classes.problem}>
          {problem !== null && (
            <Text size="sm" c="red.9" id={ids.problem}>
              {problem}
            </Text>
          )}
          {upload.isError && (
            <Alert color="red" variant="light" title={text.uploadFailed} p="xs">
              <Text size="sm">{getErrorMessage(upload.error)}</Text>
            </Alert>
          )}
        </div>

        <Group justify="flex-end">
          <Button onClick={submit} loading={upload.isPending} leftSection={<IconUpload size={16} aria-hidden="true" />}>
            {text.check}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Runs a download, says when it failed (a toast: the link stays where it was). */
function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const run = (key: string, download: () => Promise<void>) => {
    setBusy(key);
    download()
      .catch((error: unknown) => notifications.show({ color: 'red', title: text.downloadFailed, message: getErrorMessage(error) }))
      .finally(() => setBusy(null));
  };
  return { busy, run };
}

function TemplatesCard({ kinds }: { kinds: readonly ImportKind[] }) {
  const { busy, run } = useDownload();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={text.templates}>
      <Title order={2} fz="h4">
        {text.templates}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {text.templatesHelp}
      </Text>
      <Stack gap={6}>
        {kinds.map((kind) => (
          <div key={kind} className={classes.templateRow}>
            <Text size="sm" fw={600} className={classes.templateKind}>
              {KIND_SHORT[kind]}
            </Text>
            <Group gap={4} wrap="wrap">
              {(['template', 'example'] as const).flatMap((variant) =>
                (['csv', 'xlsx'] as const).map((format) => {
                  const key = `${kind}-${variant}-${format}`;
                  return (
                    <Button
                      key={key}
                      size="compact-sm"
                      variant="subtle"
                      leftSection={<IconDownload size={14} aria-hidden="true" />}
                      loading={busy === key}
                      aria-label={`Download the ${KIND_SHORT[kind].toLowerCase()} ${variant} (${format.toUpperCase()})`}
                      onClick={() => run(key, () => downloadTemplate(kind, variant, format))}
                    >
                      {variant === 'template' ? text.template : text.example} {format.toUpperCase()}
                    </Button>
                  );
                }),
              )}
            </Group>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

function ExportCard() {
  const { busy, run } = useDownload();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={text.export}>
      <Title order={2} fz="h4">
        {text.export}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {text.exportHelp}
      </Text>
      <Group gap="xs">
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden="true" />}
            loading={busy === format}
            onClick={() => run(format, () => downloadCatalogue(format, today))}
          >
            Export catalogue ({format.toUpperCase()})
          </Button>
        ))}
      </Group>
    </Card>
  );
}

const countsText = (job: ImportJob) =>
  `${job.counts.create} new · ${job.counts.update} update · ${job.counts.unchanged} unchanged · ${job.counts.error} error${job.counts.error === 1 ? '' : 's'}`;

function JobList() {
  const jobs = useQuery(importQueries.list());
  const navigate = useNavigate();

  if (jobs.isPending) {
    return (
      <div role="status" aria-label="Loading imports">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={36} my={6} />
        ))}
      </div>
    );
  }
  if (jobs.isError) return <LoadError title={text.listFailed} {...retryQuery(jobs)} />;
  if (jobs.data.jobs.length === 0) return <EmptyState title={text.noImports} description={text.noImportsHelp} />;

  const open = (job: ImportJob) => void navigate(ADMIN_LINKS.importJob(job.id));
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, job: ImportJob) => onOpenableRowKeyDown(event, () => open(job));

  return (
    <div className={queue.frame}>
      <Table className={queue.table} aria-label={text.pastImports} verticalSpacing={6} horizontalSpacing="sm" fz="sm" tabularNums>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Import</Table.Th>
            <Table.Th>File</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Rows</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>When</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {jobs.data.jobs.map((job) => {
            const when = dateAndTimeIndia(job.created.at);
            return (
              <Table.Tr
                key={job.id}
                className={queue.row}
                tabIndex={0}
                aria-label={`Import #${job.id}, ${job.fileName}, ${KIND_SHORT[job.kind]}`}
                onClick={(event) => {
                  if (!(event.target instanceof Element && event.target.closest('a'))) open(job);
                }}
                onKeyDown={(event) => onKeyDown(event, job)}
              >
                <Table.Td className={queue.ref}>
                  <Link to={ADMIN_LINKS.importJob(job.id)} tabIndex={-1}>
                    #{job.id}
                  </Link>
                </Table.Td>
                <Table.Td data-label="File" className={classes.fileCell}>
                  <span>
                    {job.fileName}
                    {job.hasImages && (
                      <Badge size="xs" variant="outline" color="gray.7" ml={6} tt="none">
                        + images
                      </Badge>
                    )}
                  </span>
                </Table.Td>
                <Table.Td data-label="Kind">{KIND_SHORT[job.kind]}</Table.Td>
                <Table.Td data-label="Rows" className="tabular">
                  <div>
                    {job.totalRows.toLocaleString('en-IN')}
                    <Text size="xs" c="dimmed">
                      {countsText(job)}
                    </Text>
                  </div>
                </Table.Td>
                <Table.Td data-label="By">{job.created.by.name}</Table.Td>
                <Table.Td data-label="When" className={queue.nowrap}>
                  {when.date}{' '}
                  <Text span size="xs" c="dimmed">
                    {when.time}
                  </Text>
                </Table.Td>
                <Table.Td className={queue.status}>
                  <JobStatusBadge status={job.status} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
