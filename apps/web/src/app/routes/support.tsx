import { useSearchParams } from '../../lib/router.tsx';
import { SupportPage } from '../../features/content/components/support-page.tsx';
import { parseSupportPageName } from '../../features/content/support-pages.ts';

/** /support?pageName=ABOUTUS|CONTACTUS|…: the footer's Support and Legal pages. */
export function SupportRoute() {
  const [searchParams] = useSearchParams();
  const pageName = parseSupportPageName(searchParams.get('pageName'));
  return <SupportPage pageName={pageName} />;
}
