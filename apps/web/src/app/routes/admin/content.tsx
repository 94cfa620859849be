import { ContentPage } from '../../../features/admin/content/components/content-page.tsx';

/** /admin/content: banners and support pages (admin). */
export function AdminContentRoute() {
  return <ContentPage />;
}
