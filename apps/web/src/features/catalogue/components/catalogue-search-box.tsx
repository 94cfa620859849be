import { SEARCH_TEXT_MAX_LENGTH } from '@frameport/domain';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** Typing settles for half a second before the list follows (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500;

type CatalogueSearchBoxProps = {
  /** searchText in the URL. */
  value: string;
  /** Called with the trimmed text, debounced; '' removes the search. */
  onCommit: (text: string) => void;
};

function normalise(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** Free-text search within the catalogue; follows the URL when it changes elsewhere (header search, Clear, Back). */
export function CatalogueSearchBox({ value, onCommit }: CatalogueSearchBoxProps) {
  const [text, setText] = useState(value);
  // A new URL value replaces the text, unless it is the one this box just sent (the user may type on).
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState<string | null>(null);
  if (value !== seen) {
    setSeen(value);
    setSent(null);
    if (value !== sent) setText(value);
  }

  const commitNow = (next: string) => {
    const normalised = normalise(next);
    if (normalised === value) return;
    setSent(normalised);
    onCommit(normalised);
  };
  const debouncedCommit = useDebouncedCallback(commitNow, SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      inputMode="search"
      enterKeyHint="search"
      aria-label="Search in catalogue"
      placeholder="Search model number, name, brand…"
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      maxLength={SEARCH_TEXT_MAX_LENGTH}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debouncedCommit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          debouncedCommit.cancel();
          commitNow(event.currentTarget.value);
        }
      }}
      rightSection={
        text !== '' ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              debouncedCommit.cancel();
              setText('');
              commitNow('');
            }}
          />
        ) : null
      }
    />
  );
}
