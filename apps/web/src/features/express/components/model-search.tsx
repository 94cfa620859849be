import '@mantine/core/styles/Combobox.css';
import type { Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { EXPRESS_DEBOUNCE_MS, expressKeys, type ModelLookup } from '../api.ts';

type ModelSearchProps = {
  lookup: ModelLookup;
  /** Product ids already listed (a duplicate pick shows the spec's message). */
  listedIds: ReadonlySet<number>;
  onPick: (product: Product) => void;
  label: string;
};

/** The blank row's model-number box: suggestions after 1 s, matched case-insensitively. */
export function ModelSearch({ lookup, listedIds, onPick, label }: ModelSearchProps) {
  const [text, setText] = useState('');
  const [duplicate, setDuplicate] = useState(false);
  // Autocomplete writes the picked option into the box right after onOptionSubmit; this says how to treat it.
  const picked = useRef<{ value: string; added: boolean } | null>(null);
  const [debounced] = useDebouncedValue(text.trim(), EXPRESS_DEBOUNCE_MS);
  const search = useQuery({
    queryKey: expressKeys.model(debounced),
    queryFn: () => lookup(debounced),
    enabled: debounced !== '',
  });

  const needle = debounced.toLowerCase();
  const matches = (search.data ?? []).filter(
    (product) => product.modelName.toLowerCase().includes(needle) || product.productName.toLowerCase().includes(needle),
  );
  const options = [...new Set(matches.map((product) => product.modelName))];
  const settled = debounced !== '' && debounced === text.trim() && search.isSuccess && !search.isFetching;
  const error = duplicate
    ? messages.express.duplicateModel
    : settled && options.length === 0
      ? messages.express.invalidModel
      : search.isError && debounced === text.trim()
        ? messages.express.searchFailed
        : null;

  const pick = (modelName: string) => {
    const product = matches.find((candidate) => candidate.modelName === modelName);
    if (!product) return;
    if (listedIds.has(product.productId)) {
      picked.current = { value: modelName, added: false };
      setDuplicate(true);
      return;
    }
    picked.current = { value: modelName, added: true };
    setDuplicate(false);
    setText('');
    onPick(product);
  };

  return (
    <Autocomplete
      label={label}
      placeholder="Type a model number"
      value={text}
      onChange={(value) => {
        const last = picked.current;
        picked.current = null;
        if (last?.value === value) {
          if (!last.added) setText(value);
          return;
        }
        setText(value);
        setDuplicate(false);
      }}
      data={options}
      filter={({ options: all }) => all}
      onOptionSubmit={pick}
      error={error}
      errorProps={{ role: 'alert' }}
      rightSection={search.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      autoComplete="off"
      maw={420}
    />
  );
}
