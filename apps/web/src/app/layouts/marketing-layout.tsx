import { messages } from '@frameport/domain/messages';
import { Outlet } from '../../lib/router.tsx';
import { AppScrollRestoration } from '../scroll-restoration.tsx';
import { MarketingHeader } from '../../features/marketing/components/marketing-header.tsx';
import { MarketingFooter } from './marketing-footer.tsx';
import classes from './marketing-layout.module.css';

/**
 * The public marketing pages (/homepage, /about, …): the public header and footer, for
 * visitors and signed-in users alike (spec section 2: the internal header and footer are not
 * shown on public marketing pages). /login and /resetpassword keep the bare PublicLayout.
 */
export function MarketingLayout() {
  return (
    <div className={classes.shell}>
      <AppScrollRestoration />
      <a href="#main" className="skip-link">
        {messages.nav.skipToContent}
      </a>
      <MarketingHeader />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <MarketingFooter />
    </div>
  );
}
