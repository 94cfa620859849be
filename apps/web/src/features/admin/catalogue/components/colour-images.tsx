import '@mantine/core/styles/Progress.css';
import type { AdminProductImage, AdminVariant } from '@frameport/domain/contract/admin-catalogue';
import { ADMIN_IMAGE_TYPES, MAX_IMAGES_PER_UPLOAD, type AdminImageType } from '@frameport/domain/contract/admin-images';
import { ActionIcon, Button, Group, NativeSelect, Paper, Progress, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { ConfirmDialog } from '../../../../components/confirm-dialog.tsx';
import { getErrorMessage } from '../../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../api.ts';
import { notifyError, RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { uploadColourImage, useImagesChanged, useRemoveImage, useReorderImages, useSetImageType } from '../api.ts';
import { catalogueTexts as text } from '../texts.ts';
import classes from './colour-images.module.css';

const TYPE_LABELS: Record<AdminImageType, string> = { front: 'Front', side: 'Side', thumbnail: 'Thumbnail' };
const ACCEPT = 'image/png,image/jpeg,image/webp';

type Upload = { key: string; name: string; progress: number; state: 'waiting' | 'uploading' | 'done' | 'failed'; error?: string };

/**
 * One colour's images (admin): drop several files (or choose them) and each uploads with its own
 * progress; reorder with ↑/↓; set front / side / thumbnail; remove after asking. Warehouse staff
 * see the images only.
 */
export function ColourImages({ productId, colour, readOnly }: { productId: number; colour: AdminVariant; readOnly: boolean }) {
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  /** The files of the uploads shown, each with its Idempotency-Key (a retry sends the same one). */
  const files = useRef(new Map<string, { file: File; idempotencyKey: string }>());
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState<AdminProductImage | null>(null);
  const changed = useImagesChanged(productId);
  const setType = useSetImageType(productId);
  const reorder = useReorderImages(productId);
  const remove = useRemoveImage(productId);
  const busy = uploads.some((upload) => upload.state === 'uploading' || upload.state === 'waiting');
  const images = colour.images;

  const update = (key: string, patch: Partial<Upload>) => setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));

  /** Sends one file (again, for a retry: with the same key, so a lost answer never adds it twice). */
  const send = async (key: string) => {
    const item = files.current.get(key);
    if (item === undefined) return;
    update(key, { state: 'uploading', progress: 0, error: undefined });
    try {
      const answer = await uploadColourImage(colour.id, item.file, item.idempotencyKey, (fraction) => update(key, { progress: Math.round(fraction * 100) }));
      changed(answer);
      update(key, { state: 'done', progress: 100 });
    } catch (error) {
      update(key, { state: 'failed', error: getErrorMessage(error) });
    }
  };

  /** One request per file, one after another: each has its own progress and its own answer. */
  const start = async (chosenFiles: File[]) => {
    if (chosenFiles.length === 0 || busy) return;
    const chosen = chosenFiles.slice(0, MAX_IMAGES_PER_UPLOAD);
    if (chosenFiles.length > chosen.length) notifyError(`Please upload at most ${MAX_IMAGES_PER_UPLOAD} images at a time; the first ${MAX_IMAGES_PER_UPLOAD} are uploading.`);
    const batch = chosen.map((file, index) => ({ key: `${Date.now()}-${index}-${file.name}`, name: file.name, progress: 0, state: 'waiting' as const }));
    files.current = new Map(batch.map((upload, index) => [upload.key, { file: chosen[index]!, idempotencyKey: newIdempotencyKey() }]));
    setUploads(batch);
    for (const item of batch) await send(item.key);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (readOnly) return;
    void start([...event.dataTransfer.files]);
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = images.map((image) => image.id);
    const target = index + by;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    reorder.mutate({ colourId: colour.id, imageIds: ids }, { onError: (error) => notifyError(getErrorMessage(error)) });
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="sm" id={headingId} mb="xs">
        <span className={classes.swatch} style={{ background: colour.frameColourHex }} aria-hidden="true" />
        {text.imagesTitle(`${colour.colourCode} ${colour.frameColour}`)}
      </Title>

      {images.length === 0 ? (
        <Text size="sm" c="dimmed">
          {text.noImages}
        </Text>
      ) : (
        <ol className={classes.images} aria-label={`Images of ${colour.colourCode}, in the order the catalogue shows them`}>
          {images.map((image, index) => (
            <li key={image.id} className={classes.image}>
              <img src={image.url} alt={`${colour.colourCode} ${TYPE_LABELS[image.imageType]} view, position ${index + 1}`} width={96} height={64} loading="lazy" className={classes.picture} />
              <div className={classes.controls}>
                <NativeSelect
                  size="xs"
                  aria-label={`View of image ${index + 1}`}
                  value={image.imageType}
                  disabled={readOnly || setType.isPending}
                  onChange={(event) =>
                    setType.mutate(
                      { imageId: image.id, imageType: event.currentTarget.value as AdminImageType },
                      { onError: (error) => notifyError(getErrorMessage(error)) },
                    )
                  }
                  data={ADMIN_IMAGE_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
                />
                {!readOnly && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="default" aria-label={`Move image ${index + 1} earlier`} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                      <IconArrowUp size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={`Move image ${index + 1} later`}
                      disabled={index === images.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={16} aria-hidden="true" />
                    </ActionIcon>
                    <ActionIcon variant="default" color="red.8" aria-label={`Remove image ${index + 1}`} onClick={() => setRemoving(image)}>
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}

      {!readOnly && (
        <div
          className={`${classes.drop} ${dragging ? classes.dragging : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid={`drop-${colour.colourCode}`}
        >
          <IconUpload size={18} aria-hidden="true" />
          <Text size="sm">{text.dropHere}</Text>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            multiple
            className={classes.fileInput}
            tabIndex={-1}
            aria-label={`Add images to ${colour.colourCode}`}
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = '';
              void start(files);
            }}
          />
          <Button size="compact-sm" variant="default" onClick={() => input.current?.click()} disabled={busy} aria-controls={inputId}>
            Choose files
          </Button>
          <Text size="xs" c="dimmed" w="100%" ta="center">
            {text.dropHint}
          </Text>
        </div>
      )}

      {uploads.length > 0 && (
        <ul className={classes.uploads} aria-label={`Uploads to ${colour.colourCode}`}>
          {uploads.map((upload) => (
            <li key={upload.key}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" className={classes.fileName}>
                  {upload.name}
                </Text>
                <Text size="xs" c={upload.state === 'failed' ? 'red.8' : 'dimmed'} className="tabular">
                  {upload.state === 'failed' ? 'Failed' : upload.state === 'done' ? 'Uploaded' : upload.state === 'waiting' ? 'Waiting' : `${upload.progress} %`}
                </Text>
              </Group>
              <Progress value={upload.progress} size="sm" color={upload.state === 'failed' ? 'red.8' : undefined} aria-label={`${upload.name} upload progress`} />
              {upload.error && (
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Text size="xs" c="red.8" role="alert">
                    {upload.error}
                  </Text>
                  <Button size="compact-xs" variant="default" disabled={busy} onClick={() => void send(upload.key)} aria-label={`Retry ${upload.name}`}>
                    Retry
                  </Button>
                </Group>
              )}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        opened={removing !== null}
        title="Remove image"
        message={text.confirmRemoveImage}
        confirmLabel="Remove"
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing === null) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              setRemoving(null);
              notifications.show({ message: text.imageRemoved, autoClose: RESULT_TOAST_MS });
            },
            onError: (error) => {
              setRemoving(null);
              notifyError(getErrorMessage(error));
            },
          });
        }}
      />
    </Paper>
  );
}
