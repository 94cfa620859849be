import { BANNER_KINDS } from '@frameport/domain/contract/banners';
import {
  BANNER_KIND_LABELS,
  BANNER_SORT_ORDER_MAX,
  PAGE_LABELS,
  type AdminBanner,
  type AdminBannerPatch,
  type BannerFlagSet,
} from '@frameport/domain/contract/admin-content';
import { PAGE_CONTENT_MAX_LENGTH, PAGE_NAMES, type PageName } from '@frameport/domain/contract/content';
import { Alert, Button, Card, Checkbox, Group, NativeSelect, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../../components/load-error.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { formatDateTimeIndia } from '../../admin-display.ts';
import { contentAdminQueries, useDeleteBanner, useSavePage, useUpdateBanner, useUploadBanner } from '../api.ts';
import { previewPageHtml } from '../preview-html.ts';
import { contentTexts as text } from '../texts.ts';
import classes from './content.module.css';

const NO_FLAGS = Object.fromEntries(BANNER_KINDS.map((kind) => [kind, false])) as BannerFlagSet;
const IMAGE = /\.(png|jpe?g|webp)$/i;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** /admin/content (admin): the banners of each section, and the support pages with a preview of what saving keeps. */
export function ContentPage() {
  return (
    <>
      <title>Content · Frameport back office</title>
      <Title order={1} fz="h3" mb="sm">
        {text.pageTitle}
      </Title>
      <section aria-labelledby="banners-title">
        <Title order={2} fz="h4" id="banners-title" mb="xs">
          {text.banners}
        </Title>
        <NewBannerForm />
        <BannerList />
      </section>
      <section aria-labelledby="pages-title" className={classes.pagesSection}>
        <Title order={2} fz="h4" id="pages-title" mb="xs">
          {text.pages}
        </Title>
        <PageEditor />
      </section>
    </>
  );
}

function FlagBoxes({ flags, onChange, disabled, legend }: { flags: BannerFlagSet; onChange: (flags: BannerFlagSet) => void; disabled?: boolean; legend: string }) {
  return (
    <fieldset className={classes.flags}>
      <legend className={classes.legend}>{legend}</legend>
      <div className={classes.flagGrid}>
        {BANNER_KINDS.map((kind) => (
          <Checkbox
            key={kind}
            size="sm"
            label={BANNER_KIND_LABELS[kind]}
            checked={flags[kind]}
            disabled={disabled}
            onChange={(event) => onChange({ ...flags, [kind]: event.currentTarget.checked })}
          />
        ))}
      </div>
    </fieldset>
  );
}

function imageProblem(file: File): string | null {
  if (!IMAGE.test(file.name)) return text.notAnImage;
  if (file.size > MAX_IMAGE_BYTES) return text.imageTooLarge;
  return null;
}

function NewBannerForm() {
  const upload = useUploadBanner();
  const [title, setTitle] = useState('');
  const [flags, setFlags] = useState<BannerFlagSet>({ ...NO_FLAGS, Home: true });
  const [image, setImage] = useState<File | null>(null);
  const [mobileImage, setMobileImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ field: 'title' | 'image' | 'mobile'; message: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = { image: useId(), mobile: useId() };

  const choose = (file: File | undefined, field: 'image' | 'mobile') => {
    const why = file === undefined ? null : imageProblem(file);
    setProblem(why === null ? null : { field, message: why });
    const chosen = why === null ? (file ?? null) : null;
    if (field === 'image') setImage(chosen);
    else setMobileImage(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setProblem({ field: 'title', message: text.titleRequired });
    if (image === null) return setProblem({ field: 'image', message: text.imageRequired });
    upload.mutate(
      { title: title.trim(), image, mobileImage, flags },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', title: text.uploaded, message: saved.bannerTitle, autoClose: RESULT_TOAST_MS });
          setTitle('');
          setImage(null);
          setMobileImage(null);
          setFlags({ ...NO_FLAGS, Home: true });
          form.current?.reset();
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="md" mb="sm" component="form" ref={form} onSubmit={submit} aria-label={text.newBanner} noValidate>
      <Title order={3} fz="h5" mb="xs">
        {text.newBanner}
      </Title>
      <div className={classes.newBanner}>
        <TextInput
          label={text.title}
          value={title}
          maxLength={200}
          required
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={problem?.field === 'title' ? problem.message : undefined}
          disabled={upload.isPending}
        />
        <ImageFileField
          id={ids.image}
          name="image"
          label={text.desktopImage}
          disabled={upload.isPending}
          error={problem?.field === 'image' ? problem.message : undefined}
          onChoose={(file) => choose(file, 'image')}
        />
        <ImageFileField
          id={ids.mobile}
          name="mobileImage"
          label={text.mobileImage}
          disabled={upload.isPending}
          error={problem?.field === 'mobile' ? problem.message : undefined}
          onChoose={(file) => choose(file, 'mobile')}
        />
      </div>
      <FlagBoxes flags={flags} onChange={setFlags} disabled={upload.isPending} legend={text.shownOn} />
      {upload.isError && (
        <Alert color="red" variant="light" title={text.uploadFailed} mt="xs" p="xs">
          <Text size="sm">{getErrorMessage(upload.error)}</Text>
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={upload.isPending} leftSection={<IconPhotoUp size={16} aria-hidden="true" />}>
          {text.upload}
        </Button>
      </Group>
    </Card>
  );
}

function BannerList() {
  const banners = useQuery(contentAdminQueries.banners());
  const remove = useDeleteBanner();
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);

  if (banners.isPending) {
    return (
      <div role="status" aria-label={text.loadingBanners}>
        <Skeleton height={120} radius="md" mb="xs" />
        <Skeleton height={120} radius="md" />
      </div>
    );
  }
  if (banners.isError) return <LoadError title={text.bannersFailed} {...retryQuery(banners)} />;
  if (banners.data.banners.length === 0) return <EmptyState title={text.noBanners} description={text.noBannersHelp} headingOrder={3} />;

  return (
    <>
      <ul className={classes.bannerList} aria-label={text.bannerList}>
        {banners.data.banners.map((banner) => (
          <li key={`${banner.id}-${banner.modifiedAt}`}>
            <BannerRow banner={banner} onDelete={() => setDeleting(banner)} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        opened={deleting !== null}
        title={text.deleteTitle}
        message={deleting === null ? '' : text.confirmDelete(deleting.title)}
        confirmLabel={text.delete}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting === null) return;
          remove.mutate(deleting.id, {
            onSuccess: () => notifications.show({ color: 'green', title: text.deleted, message: deleting.title, autoClose: RESULT_TOAST_MS }),
            onError: (error) => notifications.show({ color: 'red', title: text.deleteFailed, message: getErrorMessage(error) }),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </>
  );
}

/** One banner: its edits stay local until Save (keyed by modifiedAt, so a saved answer resets them). */
function BannerRow({ banner, onDelete }: { banner: AdminBanner; onDelete: () => void }) {
  const update = useUpdateBanner();
  const [title, setTitle] = useState(banner.title);
  const [sortOrder, setSortOrder] = useState(String(banner.sortOrder));
  const [isActive, setIsActive] = useState(banner.isActive);
  const [flags, setFlags] = useState<BannerFlagSet>(banner.flags);
  const [problem, setProblem] = useState<string | null>(null);

  const patch: AdminBannerPatch = {};
  if (title.trim() !== banner.title) patch.title = title.trim();
  if (sortOrder.trim() !== String(banner.sortOrder)) patch.sortOrder = Number(sortOrder.trim());
  if (isActive !== banner.isActive) patch.isActive = isActive;
  const changedFlags = Object.fromEntries(BANNER_KINDS.filter((kind) => flags[kind] !== banner.flags[kind]).map((kind) => [kind, flags[kind]]));
  if (Object.keys(changedFlags).length > 0) patch.flags = changedFlags;
  const dirty = Object.keys(patch).length > 0;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setProblem(text.titleRequired);
    if (!/^\d{1,5}$/.test(sortOrder.trim()) || Number(sortOrder) > BANNER_SORT_ORDER_MAX) return setProblem(text.sortOrderRange(BANNER_SORT_ORDER_MAX));
    setProblem(null);
    update.mutate(
      { id: banner.id, patch },
      { onSuccess: (saved) => notifications.show({ color: 'green', title: text.saved, message: saved.title, autoClose: RESULT_TOAST_MS }) },
    );
  };

  return (
    <form className={classes.banner} onSubmit={save} aria-label={`Banner ${banner.title}`} noValidate>
      <img
        src={banner.mobileImageUrl ?? banner.imageUrl}
        alt=""
        width={160}
        height={60}
        loading="lazy"
        className={classes.thumb}
      />
      <div className={classes.bannerFields}>
        <div className={classes.bannerTop}>
          <TextInput
            label={text.title}
            size="sm"
            value={title}
            maxLength={200}
            onChange={(event) => setTitle(event.currentTarget.value)}
            className={classes.titleField}
          />
          <TextInput
            label={text.sortOrder}
            size="sm"
            inputMode="numeric"
            value={sortOrder}
            onChange={(event) => setSortOrder(event.currentTarget.value)}
            className={classes.sortField}
          />
          <Checkbox label={text.active} checked={isActive} onChange={(event) => setIsActive(event.currentTarget.checked)} className={classes.activeField} />
        </div>
        <FlagBoxes flags={flags} onChange={setFlags} legend={text.shownOn} />
        <div className={classes.bannerFoot}>
          <Text size="xs" c="dimmed">
            {isActive ? '' : `${text.hidden} · `}
            {text.changed(formatDateTimeIndia(banner.modifiedAt), banner.modifiedBy)}
          </Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              c="red.9"
              leftSection={<IconTrash size={14} aria-hidden="true" />}
              onClick={onDelete}
              aria-label={`${text.delete} ${banner.title}`}
            >
              {text.delete}
            </Button>
            <Button size="xs" type="submit" disabled={!dirty} loading={update.isPending} aria-label={`${text.save} ${banner.title}`}>
              {text.save}
            </Button>
          </Group>
        </div>
        {(problem !== null || update.isError) && (
          <Text size="sm" c="red.9" role="alert">
            {problem ?? getErrorMessage(update.error)}
          </Text>
        )}
      </div>
    </form>
  );
}

function PageEditor() {
  const [name, setName] = useState<PageName>('FAQS');
  return (
    <Card withBorder radius="md" padding="md">
      <NativeSelect
        label={text.page}
        value={name}
        onChange={(event) => setName(event.currentTarget.value as PageName)}
        data={PAGE_NAMES.map((page) => ({ value: page, label: PAGE_LABELS[page] }))}
        className={classes.pagePicker}
      />
      <PageForm key={name} name={name} />
    </Card>
  );
}

function PageForm({ name }: { name: PageName }) {
  const page = useQuery(contentAdminQueries.page(name));
  // Whether the last save's stored HTML differs from what was sent (kept here: a save remounts the fields).
  const [cleaned, setCleaned] = useState(false);
  if (page.isPending) {
    return (
      <div role="status" aria-label={text.loadingPage}>
        <Skeleton height={36} mt="sm" />
        <Skeleton height={240} mt="sm" />
      </div>
    );
  }
  if (page.isError) return <LoadError title={text.pageFailed} mt="sm" {...retryQuery(page)} />;
  return (
    <>
      {cleaned && (
        <Alert color="#8a4b00" variant="light" mt="sm" title={text.cleaned}>
          <Text size="sm">{text.cleanedHelp}</Text>
        </Alert>
      )}
      <PageFields key={`${page.data.Title}|${page.data.Content}|${page.data.Year}`} name={name} stored={page.data} onSaved={setCleaned} />
    </>
  );
}

function PageFields({
  name,
  stored,
  onSaved,
}: {
  name: PageName;
  stored: { Title: string; Content: string; Year: string | null };
  /** true when the server kept less than was sent (it sanitised the HTML). */
  onSaved: (cleaned: boolean) => void;
}) {
  const save = useSavePage(name);
  const [title, setTitle] = useState(stored.Title);
  const [content, setContent] = useState(stored.Content);
  const [year, setYear] = useState(stored.Year ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => previewPageHtml(content), [content]);
  const dirty = title !== stored.Title || content !== stored.Content || year !== (stored.Year ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') return setProblem(text.pageTitleRequired);
    if (content.trim() === '') return setProblem(text.contentRequired);
    if (year.trim() !== '' && !/^\d{4}$/.test(year.trim())) return setProblem(text.yearFormat);
    setProblem(null);
    const body = { Title: title.trim(), Content: content.trim(), Year: year.trim() === '' ? null : year.trim() };
    save.mutate(body, {
      onSuccess: (saved) => {
        onSaved(body.Content !== saved.Content);
        notifications.show({ color: 'green', title: text.pageSaved, message: saved.Title, autoClose: RESULT_TOAST_MS });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className={classes.pageGrid}>
        <Stack gap="xs">
          <div className={classes.pageMeta}>
            <TextInput label={text.pageTitle2} value={title} maxLength={200} onChange={(event) => setTitle(event.currentTarget.value)} className={classes.titleField} />
            <TextInput
              label={text.year}
              description={text.yearHelp}
              inputMode="numeric"
              maxLength={4}
              value={year}
              onChange={(event) => setYear(event.currentTarget.value)}
              className={classes.yearField}
            />
          </div>
          <Textarea
            label={text.html}
            description={text.htmlHelp}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
            rows={16}
            resize="vertical"
            maxLength={PAGE_CONTENT_MAX_LENGTH}
            classNames={{ input: classes.code }}
            spellCheck={false}
          />
        </Stack>
        <section aria-labelledby={`preview-${name}`} className={classes.preview}>
          <Text id={`preview-${name}`} size="sm" fw={600} mb={4}>
            {dirty ? text.previewDraft : text.previewSaved}
          </Text>
          {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
          <div className={classes.previewSheet} tabIndex={0} role="group" aria-labelledby={`preview-${name}`}>
            <h3 className={classes.previewTitle}>{title}</h3>
            {/* Sanitised with the server's allowlist (preview-html.ts): what saving keeps. */}
            <div className={classes.prose} data-testid="page-preview" dangerouslySetInnerHTML={{ __html: preview }} />
          </div>
        </section>
      </div>
      {(problem !== null || save.isError) && (
        <Text size="sm" c="red.9" role="alert" mt="xs">
          {problem ?? getErrorMessage(save.error)}
        </Text>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={save.isPending} disabled={!dirty}>
          {text.savePage}
        </Button>
      </Group>
    </form>
  );
}

/** A banner's image file (PNG, JPEG or WebP), with the server's or the check's reason under it. */
function ImageFileField(props: { id: string; name: string; label: string; disabled: boolean; error: string | undefined; onChoose: (file: File | undefined) => void }) {
  return (
    <div>
      <label htmlFor={props.id} className={classes.fileLabel}>
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className={classes.fileInput}
        disabled={props.disabled}
        onChange={(event) => props.onChoose(event.currentTarget.files?.[0])}
      />
      {props.error !== undefined && (
        <Text size="xs" c="red.9" role="alert">
          {props.error}
        </Text>
      )}
    </div>
  );
}
