import { AuditPage } from '../../../features/admin/audit/components/audit-page.tsx';

/** /admin/audit: the audit log (admin only). */
export function AdminAuditRoute() {
  return <AuditPage />;
}
