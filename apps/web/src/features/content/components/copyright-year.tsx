import { useQuery } from '@tanstack/react-query';
import { contentQueries } from '../api.ts';

/**
 * The copyright line's year, from the FOOTER page's content (spec section 2: editable data, not
 * the browser's clock). Nothing while it loads or when it cannot be read. A default export too,
 * so the public footer can load it lazily with the corporate details.
 */
export default function CopyrightYear({ holder }: { holder: string }) {
  const footerPage = useQuery(contentQueries.page('FOOTER'));
  const year = footerPage.data?.Year ?? null;
  return year ? `© ${year} ${holder}` : null;
}
