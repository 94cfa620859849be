import { useSearchParams } from '../../lib/router.tsx';
import { ConfirmEmailPage } from '../../features/auth/components/confirm-email-page.tsx';

/** /confirm-email?token=: public, in the bare layout like /resetpassword (the mailed email-change link). */
export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams();
  return <ConfirmEmailPage token={searchParams.get('token')} />;
}
