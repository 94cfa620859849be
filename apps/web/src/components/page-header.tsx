import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  /** The h1; also the browser tab's title unless `documentTitle` says otherwise. */
  title: string;
  documentTitle?: string;
  /** A line under the h1 (what the screen is for, or a live count). */
  description?: ReactNode;
  /** Beside the heading, at the right: a count or the screen's secondary action (even while it is hidden). */
  aside?: ReactNode;
  /** How the heading and `aside` line up. */
  align?: 'baseline' | 'flex-end';
};

/** A signed-in screen's heading, in the one size every screen uses, and the browser tab's title. */
export function PageHeader({ title, documentTitle = title, description, aside, align = 'baseline' }: PageHeaderProps) {
  const heading = (
    <Title order={1} fz={{ base: 22, sm: 28 }}>
      {title}
    </Title>
  );
  const withDescription =
    description === undefined ? (
      heading
    ) : (
      <div>
        {heading}
        {description}
      </div>
    );
  return (
    <>
      {/* React hoists the title into <head>, wherever the header is. */}
      <title>{`${documentTitle} · Frameport`}</title>
      {aside === undefined ? (
        withDescription
      ) : (
        <Group justify="space-between" align={align} gap="xs">
          {withDescription}
          {aside}
        </Group>
      )}
    </>
  );
}
