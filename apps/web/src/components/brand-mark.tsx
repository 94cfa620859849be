import { Group, Text } from '@mantine/core';
import { IconEyeglass2 } from '@tabler/icons-react';

type BrandMarkProps = {
  /** 'light' for white on the theme colour, 'dark' for the theme colour on white. */
  tone?: 'light' | 'dark';
  size?: 'sm' | 'lg';
};

/** The Frameport wordmark. Decorative icon; the text is the accessible name. */
export function BrandMark({ tone = 'dark', size = 'sm' }: BrandMarkProps) {
  const color = tone === 'light' ? 'white' : 'var(--mantine-primary-color-filled)';
  return (
    <Group gap={size === 'lg' ? 10 : 6} wrap="nowrap" c={color}>
      <IconEyeglass2 size={size === 'lg' ? 36 : 26} stroke={1.8} aria-hidden="true" />
      <Text component="span" fw={750} fz={size === 'lg' ? 30 : 21} lh={1} c={color} style={{ letterSpacing: '-0.01em' }}>
        Frameport
      </Text>
    </Group>
  );
}
