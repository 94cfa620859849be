import { useParams } from '../../lib/router.tsx';
import { SandboxPaymentPage } from '../../features/payments/components/sandbox-payment-page.tsx';

/** /payments/sandbox/:linkId: the payment sandbox's page, in the bare layout like /login. */
export function SandboxPaymentRoute() {
  const { linkId = '' } = useParams();
  return <SandboxPaymentPage linkId={linkId} />;
}
