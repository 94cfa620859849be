import { expressMessages } from '@frameport/domain/messages/express';
import { Anchor, Button, FileButton, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconClipboardList, IconDownload, IconUpload } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { CSV_SAMPLE } from '../import.ts';

export type ImportStatus = { tone: 'done' | 'error'; text: string };

type ImportPanelProps = {
  /** Reads pasted text into the list; resolves true when rows landed (the box is then emptied). */
  onPaste: (text: string) => Promise<boolean>;
  onFile: (file: File) => Promise<boolean>;
  busy: boolean;
  /** The last import's outcome (also for rows pasted into a model box). */
  status: ImportStatus | null;
};

const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_SAMPLE)}`;

/** Pasted rows and uploaded .csv / .xlsx files: they land in the same list as typed models. */
export function ImportPanel({ onPaste, onFile, busy, status }: ImportPanelProps) {
  const id = useId();
  const [text, setText] = useState('');
  // Choosing the same file again (after fixing it) must read it again.
  const resetFile = useRef<() => void>(null);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id={`${id}-title`}>
            {expressMessages.import.title}
          </Title>
          <Anchor href={SAMPLE_HREF} download="express-order-sample.csv" size="sm" py={12}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconDownload size={14} aria-hidden="true" />
              {expressMessages.import.sample}
            </Group>
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" id={`${id}-help`}>
          {expressMessages.import.help}
        </Text>
        <Textarea
          label={expressMessages.import.pasteLabel}
          aria-describedby={`${id}-help`}
          placeholder={'VX-AV-1023 C2 x 4\nVX-AV-1023, C1, 2'}
          rows={4}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={text}
          disabled={busy}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Group gap="sm" wrap="wrap">
          <Button
            variant="default"
            h={44}
            leftSection={<IconClipboardList size={16} aria-hidden="true" />}
            disabled={text.trim() === '' || busy}
            onClick={() => void onPaste(text).then((landed) => landed && setText(''))}
          >
            {expressMessages.import.addPasted}
          </Button>
          <FileButton accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" resetRef={resetFile}
            onChange={(file) => {
              if (file) void onFile(file).finally(() => resetFile.current?.());
            }}
          >
            {(props) => (
              <Button {...props} variant="default" h={44} leftSection={<IconUpload size={16} aria-hidden="true" />} disabled={busy} loading={busy}>
                {expressMessages.import.fileLabel}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="sm" c={status?.tone === 'error' ? 'red.8' : 'dimmed'} role={status?.tone === 'error' ? 'alert' : 'status'} mih={20}>
          {status?.text ?? ''}
        </Text>
      </Stack>
    </Paper>
  );
}
