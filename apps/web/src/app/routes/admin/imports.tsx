import { ImportsPage } from '../../../features/admin/imports/components/imports-page.tsx';

/** /admin/imports: upload a sheet, templates, the catalogue export, past jobs. */
export function AdminImportsRoute() {
  return <ImportsPage />;
}
