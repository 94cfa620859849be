import { NativeSelect, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { RESULT_TOAST_MS } from '../../../../lib/notify.ts';
import { ActionDialog } from '../../order/components/action-dialog.tsx';
import { useAdjustStock } from '../api.ts';
import { ADJUSTMENT_REASONS, parseChange, stockTexts as text } from '../texts.ts';
import type { StockAdjustmentReason } from '@frameport/domain';

export type AdjustTarget = {
  productColourId: number;
  /** 'FP-1001 C2 Black': what the dialog and the toast name. */
  label: string;
  stock: number;
};

/**
 * Adjust one colour's stock: the change (+ in, − out), the reason (delivery, count, damaged,
 * returned) and a note. The stock after the change shows as it is typed; the server's refusal
 * (below 0) shows inside the dialog and nothing changes. Mount it with a `key` per target so each
 * opening starts empty.
 */
export function AdjustStockDialog({ target, onClose }: { target: AdjustTarget | null; onClose: () => void }) {
  const adjust = useAdjustStock();
  const [change, setChange] = useState('');
  const [reason, setReason] = useState<StockAdjustmentReason | ''>('');
  const [note, setNote] = useState('');
  const [checked, setChecked] = useState(false);

  const parsed = parseChange(change);
  const changeError = checked && parsed === null ? text.changeInvalid : undefined;
  const reasonError = checked && reason === '' ? text.reasonRequired : undefined;

  const close = () => {
    adjust.reset();
    onClose();
  };

  const submit = () => {
    setChecked(true);
    if (target === null || parsed === null || reason === '') return;
    adjust.mutate(
      { productColourId: target.productColourId, change: parsed, reason, note: note.trim() === '' ? null : note.trim() },
      {
        onSuccess: (result) => {
          notifications.show({ message: text.saved(target.label, result.stock), color: 'green', autoClose: RESULT_TOAST_MS });
          close();
        },
      },
    );
  };

  return (
    <ActionDialog
      opened={target !== null}
      onClose={close}
      title={target === null ? '' : text.adjustTitle(target.label)}
      submitLabel={text.save}
      busy={adjust.isPending}
      error={adjust.error}
      onSubmit={submit}
    >
      <TextInput
        label={text.changeLabel}
        description={text.changeHint}
        inputMode="text"
        autoComplete="off"
        required
        value={change}
        onChange={(event) => setChange(event.currentTarget.value)}
        error={changeError}
        data-autofocus
      />
      {target !== null && parsed !== null && (
        <Text size="sm" className="tabular" aria-live="polite" c={target.stock + parsed < 0 ? 'red.9' : undefined}>
          {text.newStock(target.stock, target.stock + parsed)}
          {target.stock + parsed < 0 && ` ${text.belowZeroHint}`}
        </Text>
      )}
      <NativeSelect
        label={text.reasonLabel}
        required
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value as StockAdjustmentReason | '')}
        error={reasonError}
        data={[{ value: '', label: text.reasonPick, disabled: true }, ...ADJUSTMENT_REASONS]}
      />
      <Textarea label={text.noteLabel} rows={2} maxLength={300} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
    </ActionDialog>
  );
}
