import '@mantine/core/styles/List.css';
import type { AddCartLine, Product, SkippedCartLine } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { ModelLookup } from '../api.ts';
import { CSV_SAMPLE, parseExpressCsv, resolveCsvRows, type CsvProblem } from '../csv.ts';

type CsvImportProps = {
  lookup: ModelLookup;
  /** Adds the lines in one call; resolves with what the server skipped (rejects when nothing was added). */
  onSubmit: (lines: AddCartLine[]) => Promise<SkippedCartLine[]>;
  busy: boolean;
};

type Checked = { lines: AddCartLine[]; origins: number[]; problems: CsvProblem[] };

const SAMPLE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(CSV_SAMPLE)}`;

/** 'Paste or upload CSV': model number, colour variant, quantity rows checked before adding. */
export function CsvImport({ lookup, onSubmit, busy }: CsvImportProps) {
  const fileId = useId();
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);

  const check = async () => {
    const parsed = parseExpressCsv(text);
    setChecking(true);
    setLookupError(null);
    try {
      const models = [...new Set(parsed.rows.map((row) => row.modelName.toLowerCase()))];
      const found: Product[] = (await Promise.all(models.map((model) => lookup(model)))).flat();
      const resolved = resolveCsvRows(parsed.rows, found);
      setChecked({
        lines: resolved.lines,
        origins: resolved.origins,
        problems: [...parsed.problems, ...resolved.problems].sort((a, b) => a.line - b.line),
      });
    } catch {
      setLookupError(messages.express.checkFailed);
    } finally {
      setChecking(false);
    }
  };

  const add = async () => {
    if (!checked || checked.lines.length === 0) return;
    try {
      const skipped = await onSubmit(checked.lines);
      const fromServer: CsvProblem[] = skipped.map((line) => {
        const index = checked.lines.findIndex((l) => l.ProductId === line.ProductId && l.ColorVariant === line.ColorVariant);
        const source = checked.lines[index];
        return {
          line: checked.origins[index] ?? 0,
          text: source ? `${line.ColorVariant}, ${source.Quantity}` : line.ColorVariant,
          reason: line.Message,
        };
      });
      setChecked({ lines: [], origins: [], problems: [...checked.problems, ...fromServer].sort((a, b) => a.line - b.line) });
    } catch {
      // The cart call toasts its own error; the checked rows stay for another try.
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`${fileId}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id={`${fileId}-title`}>
            Paste or upload CSV
          </Title>
          <Anchor href={SAMPLE_HREF} download="express-order-sample.csv" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconDownload size={14} aria-hidden="true" />
              Download sample CSV
            </Group>
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          One line per colour: model number, colour variant, quantity (1 to 100). A header row is optional.
        </Text>
        <Textarea
          label="CSV rows"
          placeholder={CSV_SAMPLE}
          rows={5}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setChecked(null);
          }}
        />
        <div>
          <Text component="label" htmlFor={fileId} size="sm" fw={500} display="block" mb={4}>
            Upload a .csv file
          </Text>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (!file) return;
              void file.text().then((content) => {
                setText(content);
                setChecked(null);
              });
            }}
          />
        </div>
        <Group gap="sm" wrap="wrap">
          <Button variant="default" onClick={() => void check()} loading={checking} disabled={text.trim() === '' || busy}>
            Check rows
          </Button>
          {checked && checked.lines.length > 0 && (
            <Button onClick={() => void add()} loading={busy}>
              {`Add ${checked.lines.length} ${checked.lines.length === 1 ? 'line' : 'lines'} to order`}
            </Button>
          )}
        </Group>
        {lookupError && (
          <Text size="sm" c="red.8" role="alert">
            {lookupError}
          </Text>
        )}
        {checked && checked.problems.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            title={messages.express.rowsNotAdded(checked.problems.length)}
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
          >
            <List size="sm" spacing={4} aria-label={messages.express.rowsNotAddedLabel}>
              {checked.problems.map((problem) => (
                <List.Item key={`${problem.line}-${problem.reason}`}>
                  {`Line ${problem.line} (${problem.text}): ${problem.reason}`}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {checked && checked.lines.length === 0 && checked.problems.length === 0 && (
          <Text size="sm" c="dimmed">
            {messages.express.noRows}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
