import type { KeyboardEvent } from 'react';

/**
 * A desk table's row that opens a page: Enter opens it, ↑ and ↓ move to the row above or below.
 * Keys pressed on a control inside the row (a checkbox, a link) are left to that control.
 */
export function onOpenableRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, open: () => void): void {
  if (event.target !== event.currentTarget) return;
  if (event.key === 'Enter') {
    event.preventDefault();
    open();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const sibling = event.key === 'ArrowDown' ? event.currentTarget.nextElementSibling : event.currentTarget.previousElementSibling;
    if (sibling instanceof HTMLElement) sibling.focus();
  }
}
