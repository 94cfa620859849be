import { messages } from '@frameport/domain/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { paymentQueries } from '../api.ts';
import classes from './sandbox-notice.module.css';

/**
 * "Sandbox payments — no money moves", on every page while the server's payment sandbox takes
 * payments, so nobody takes a sandbox "payment" for money received. Nothing otherwise, and
 * nothing while the settings load or cannot be read. A default export: the root layout loads it
 * after the first screen is up.
 */
export default function SandboxNotice() {
  const settings = useQuery(paymentQueries.settings());
  if (settings.data?.sandbox !== true) return null;
  return (
    <aside className={classes.bar} aria-label="Payment sandbox">
      <IconAlertTriangle size={18} stroke={2} aria-hidden="true" />
      <span>{messages.payment.sandboxNotice}</span>
    </aside>
  );
}
