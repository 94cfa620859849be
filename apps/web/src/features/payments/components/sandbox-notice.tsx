import { messages } from '@frameport/domain/messages';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
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
  const active = settings.data?.sandbox === true;
  useReserveRoomBelowPage(active);
  if (!active) return null;
  return (
    <aside className={classes.bar} aria-label="Payment sandbox">
      <IconAlertTriangle size={18} stroke={2} aria-hidden="true" />
      <span>{messages.payment.sandboxNotice}</span>
    </aside>
  );
}

/**
 * The bar covers the bottom of the viewport, so a page that scrolls gets the bar's height as room
 * below its end (its last line scrolls clear). A page that fits the viewport gets none: the room
 * would make it scroll, and a desktop scrollbar appearing narrows the page, moving everything on
 * it (a layout shift on the prerendered /login). Kept in step as the page's height changes.
 * Measured only in the observer's callbacks, which run once layout is done, before the frame is
 * painted (the first one as soon as it observes): a measurement in the effect itself would force
 * a layout of the whole page in the middle of the app's commit, 30 ms of a /home load at 4× CPU
 * (docs/products-profile.md, eighth pass).
 */
function useReserveRoomBelowPage(active: boolean) {
  useLayoutEffect(() => {
    const reserve = classes.reserve;
    if (!active || reserve === undefined) return;
    const root = document.documentElement;
    const update = () => {
      const reserved = root.classList.contains(reserve) ? parseFloat(getComputedStyle(document.body).paddingBottom) || 0 : 0;
      root.classList.toggle(reserve, root.scrollHeight - reserved > window.innerHeight);
    };
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
      root.classList.remove(reserve);
    };
  }, [active]);
}
