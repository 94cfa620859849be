import { Outlet } from '../../lib/router.tsx';

/**
 * The bare layout of public screens (/login, /resetpassword, /confirm-email): no header or footer,
 * the screen owns the whole viewport (spec section 2: the public header is not shown on /login).
 */
export function PublicLayout() {
  return (
    <main id="main">
      <Outlet />
    </main>
  );
}
