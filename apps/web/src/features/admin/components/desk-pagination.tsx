import { Pagination, Text, type MantineSpacing } from '@mantine/core';
import desk from './desk-table.module.css';

const CONTROL_LABELS = { previous: 'Previous page', next: 'Next page', first: 'First page', last: 'Last page' } as const;

/** A back-office list's pages, each control named for a screen reader; nothing for a single page. */
export function DeskPagination(props: { page: number; pages: number; onChange: (page: number) => void; mt?: MantineSpacing }) {
  if (props.pages <= 1) return null;
  return (
    <Pagination
      mt={props.mt}
      size="sm"
      total={props.pages}
      value={Math.min(props.page, props.pages)}
      onChange={props.onChange}
      getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
    />
  );
}

/** Under a back-office list: what it shows ("Showing 1–25 of 312 orders", read out on change) and its pages. */
export function DeskListFooter(props: { summary: string; page: number; pages: number; onChange: (page: number) => void; spaced?: boolean }) {
  return (
    <div className={desk.footer} style={props.spaced === false ? undefined : { marginTop: 'var(--mantine-spacing-sm)' }}>
      <Text size="sm" c="dimmed" className="tabular" aria-live="polite">
        {props.summary}
      </Text>
      <DeskPagination page={props.page} pages={props.pages} onChange={props.onChange} />
    </div>
  );
}
