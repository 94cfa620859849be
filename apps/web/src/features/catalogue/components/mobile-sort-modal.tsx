import { messages } from '@frameport/domain/messages';
import { Button, Radio, Stack, VisuallyHidden } from '@mantine/core';
import { AppModal } from '../../../components/app-modal.tsx';
import type { SortChoice } from '../catalogue-url.ts';

type MobileSortModalProps = {
  opened: boolean;
  onClose: () => void;
  choices: readonly SortChoice[];
  value: string;
  /** A choice applies at once and closes the modal. */
  onChange: (value: string) => void;
};

/** The phone's sort screen (spec: radio choices, Close). */
export function MobileSortModal({ opened, onClose, choices, value, onChange }: MobileSortModalProps) {
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={messages.catalogue.sortBy}
      closeLabel="Close sort"
      transitionProps={{ transition: 'slide-up', duration: 150 }}
    >
      <Radio.Group
        value={value}
        onChange={(next) => {
          onChange(next);
          onClose();
        }}
        label={<VisuallyHidden>Sort products by</VisuallyHidden>}
      >
        <Stack gap="md" py="xs">
          {choices.map((choice) => (
            <Radio key={choice.value} value={choice.value} label={choice.label} />
          ))}
        </Stack>
      </Radio.Group>
      <Button variant="default" fullWidth mt="md" onClick={onClose}>
        {messages.actions.close}
      </Button>
    </AppModal>
  );
}
