import { useSearchParams } from '../../lib/router.tsx';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';

/** /resetpassword?token=: public, in the bare layout like /login (spec section 2). */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return <ResetPasswordPage token={searchParams.get('token')} />;
}
