import '@mantine/core/styles/Combobox.css';
import { formatInr, rupeesToPaise } from '@frameport/domain';
import type { GstStateCodes, Product } from '@frameport/domain/contract';
import { messages } from '@frameport/domain/messages';
import { expressMessages } from '@frameport/domain/messages/express';
import { Autocomplete, Loader, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { EXPRESS_DEBOUNCE_MS, expressKeys, type ModelLookup } from '../api.ts';
import classes from './model-search.module.css';
import { ModelThumbnail } from './model-thumbnail.tsx';

type ModelSearchProps = {
  lookup: ModelLookup;
  /** Product ids already listed (a duplicate pick shows the spec's message). */
  listedIds: ReadonlySet<number>;
  onPick: (product: Product, gst: GstStateCodes | null) => void;
  /** Text with several lines or cells pasted into the box: rows for the list, not a model number. */
  onPasteRows: (text: string) => void;
  label: string;
};

const stockOf = (product: Product) => product.productColor.reduce((sum, colour) => sum + Math.max(0, colour.availableStockQuantity), 0);

/** One suggestion: what a retailer recognises a model by, not only its code. */
function Suggestion({ product }: { product: Product }) {
  const stock = stockOf(product);
  const price = rupeesToPaise(product.discountedPrice);
  const listPrice = rupeesToPaise(product.netPrice);
  return (
    <div className={classes.suggestion}>
      <ModelThumbnail product={product} width={48} />
      <div className={classes.name}>
        <Text size="sm" fw={700}>
          {product.modelName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {product.productName}
        </Text>
      </div>
      {/* Price, list price and stock stacked: narrow enough for a 390 px phone's dropdown. */}
      <div className={`${classes.figures} tabular`}>
        <Text size="sm" fw={700}>
          {listPrice > price && <VisuallyHidden>Price </VisuallyHidden>}
          {formatInr(price)}
        </Text>
        {listPrice > price && (
          <Text component="s" size="xs" c="dimmed" display="block">
            <VisuallyHidden>List price </VisuallyHidden>
            {formatInr(listPrice)}
          </Text>
        )}
        <Text size="xs" c={stock > 0 ? 'dimmed' : 'red.8'}>
          {stock > 0 ? messages.quantity.inStock(stock) : messages.quantity.outOfStock}
        </Text>
      </div>
    </div>
  );
}

/** A blank row's model-number box: suggestions after 1 s, matched case-insensitively. */
export function ModelSearch({ lookup, listedIds, onPick, onPasteRows, label }: ModelSearchProps) {
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
  const matches = (search.data?.products ?? []).filter(
    (product) => product.modelName.toLowerCase().includes(needle) || product.productName.toLowerCase().includes(needle),
  );
  const byModel = new Map(matches.map((product) => [product.modelName, product]));
  const options = [...byModel.keys()];
  const settled = debounced !== '' && debounced === text.trim() && search.isSuccess && !search.isFetching;
  const error = duplicate
    ? expressMessages.duplicateModel
    : settled && options.length === 0
      ? expressMessages.invalidModel
      : search.isError && debounced === text.trim()
        ? expressMessages.searchFailed
        : null;

  const pick = (modelName: string) => {
    const product = byModel.get(modelName);
    if (!product) return;
    if (listedIds.has(product.productId)) {
      picked.current = { value: modelName, added: false };
      setDuplicate(true);
      return;
    }
    picked.current = { value: modelName, added: true };
    setDuplicate(false);
    setText('');
    onPick(product, search.data?.gst ?? null);
  };

  return (
    <Autocomplete
      label={label}
      placeholder="Type a model number, or paste rows"
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
      onPaste={(event) => {
        const pasted = event.clipboardData.getData('text');
        if (!/[\n\t]/.test(pasted.trim())) return;
        event.preventDefault();
        onPasteRows(pasted);
      }}
      data={options}
      filter={({ options: all }) => all}
      renderOption={({ option }) => {
        const product = byModel.get(option.value);
        return product ? <Suggestion product={product} /> : option.value;
      }}
      onOptionSubmit={pick}
      error={error}
      errorProps={{ role: 'alert' }}
      rightSection={search.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      autoComplete="off"
      maxDropdownHeight={360}
      maw={520}
    />
  );
}
