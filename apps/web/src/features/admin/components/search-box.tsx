import '@mantine/core/styles/Kbd.css';
import { Kbd, TextInput, type MantineSize } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A back-office list's search box (order queue, products, low stock): the URL follows the typing
 * after a pause, at once on Enter; `/` anywhere outside a field focuses it, Escape leaves it.
 */
export function SearchBox(props: {
  value: string;
  onSearch: (q: string) => void;
  label: string;
  placeholder: string;
  className?: string;
  size?: MantineSize;
}) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // What this box last put in the URL: that change must not overwrite what was typed since.
  const [sent, setSent] = useState(value);
  // The URL changed elsewhere (Clear filters, Back): the box shows it.
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) {
      setText(value);
      setSent(value);
    }
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      clearTimeout(timer.current);
    };
  }, []);

  const run = (q: string) => {
    clearTimeout(timer.current);
    if (q.trim() === value.trim()) return;
    setSent(q.trim());
    onSearch(q.trim());
  };

  return (
    <TextInput
      ref={input}
      className={props.className}
      type="search"
      size={props.size ?? 'xs'}
      label={props.label}
      placeholder={props.placeholder}
      leftSection={<IconSearch size={14} aria-hidden="true" />}
      rightSection={<Kbd size="xs" aria-hidden="true">/</Kbd>}
      aria-keyshortcuts="/"
      maxLength={100}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => run(next), SEARCH_DEBOUNCE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') run(text);
        if (event.key === 'Escape') event.currentTarget.blur();
      }}
    />
  );
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
