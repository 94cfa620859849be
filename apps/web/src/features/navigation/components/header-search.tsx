import { ActionIcon, CloseButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_TEXT_MAX_LENGTH } from '@frameport/domain';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from '../../../lib/router.tsx';
import { searchPath } from '../links.ts';
import classes from './header.module.css';

/**
 * The header's search (spec: the box toggles open and closed). The icon button opens the box;
 * with text in it the same button (or Enter) goes to /products?searchText=…; blank text does
 * nothing. Escape or the × closes the box. Below 1200 px the box drops below the header row.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();

  const open = () => {
    // The form is always mounted (only hidden), so the input can take focus once it is shown.
    flushSync(() => setOpened(true));
    inputRef.current?.focus();
  };
  const close = (returnFocus: boolean) => {
    setOpened(false);
    if (returnFocus) toggleRef.current?.focus();
  };
  const submit = () => {
    const path = searchPath(text);
    if (path === null) return false;
    setText('');
    close(false);
    void navigate(path);
    return true;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submit()) inputRef.current?.focus();
  };
  const onToggle = () => {
    if (!opened) open();
    else if (!submit()) close(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    }
  };

  return (
    <>
      <form
        id={formId}
        role="search"
        className={classes.searchForm}
        hidden={!opened}
        onSubmit={onSubmit}
        aria-label="Products"
      >
        <input
          ref={inputRef}
          aria-label="Search frames and sunglasses"
          className={classes.searchInput}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder="Model, brand, colour…"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <CloseButton
          size="md"
          className={classes.searchClose}
          aria-label="Close search"
          onClick={() => close(true)}
        />
      </form>
      <ActionIcon
        ref={toggleRef}
        variant="transparent"
        size={40}
        className={classes.iconButton}
        aria-label="Search"
        aria-expanded={opened}
        aria-controls={formId}
        onClick={onToggle}
      >
        <IconSearch size={22} stroke={1.8} aria-hidden="true" />
      </ActionIcon>
    </>
  );
}
