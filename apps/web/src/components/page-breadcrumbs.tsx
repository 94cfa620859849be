import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from '../lib/router.tsx';

export type Crumb = { label: string; to?: string };

/** Home › Section › Page. The last crumb is the current page (no link, aria-current). */
export function PageBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›" separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 2 } }}>
        {items.map((item, index) =>
          item.to && index < items.length - 1 ? (
            <Anchor key={item.label} component={Link} to={item.to} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={item.label} size="sm" c="dimmed" aria-current="page" lineClamp={1}>
              {item.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
