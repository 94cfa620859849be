import { useParams } from '../../../lib/router.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ImportJobPage } from '../../../features/admin/imports/components/import-job-page.tsx';
import { importTexts } from '../../../features/admin/imports/texts.ts';

/** /admin/imports/:id: one import job (its progress, dry-run report, apply). */
export function AdminImportJobRoute() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id < 1) return <EmptyState title={importTexts.jobNotFound} headingOrder={1} />;
  return <ImportJobPage key={id} id={id} />;
}
