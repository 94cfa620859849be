import { useId as useReactId } from 'react';

/**
 * Mantine's `useId` (@mantine/hooks), as every Mantine component with a label, a description or a
 * popup asks for it, without the random id Mantine's own sets in a layout effect after the first
 * render. That `setState` in a layout effect is a synchronous update: React renders it in the task
 * that commits the screen, and flushes the screen's passive effects with it (every query's
 * subscription and first fetch), so a phone's first commit of /products was one 250–370 ms task at
 * 4× CPU (docs/products-profile.md, twelfth pass). React's id is unique within the root and stable for
 * the life of the component, which is what Mantine's asks of it (its docs; mantine#8898); it is the id
 * Mantine's renders first, so server-rendered markup hydrates to the same ids.
 *
 * vite.config.ts puts this module in the place of Mantine's in the browser's build (mantine-ids.ts).
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;
}
