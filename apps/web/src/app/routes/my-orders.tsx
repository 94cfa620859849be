import { ProfileRoute } from './profile.tsx';

/** /my-orders: the profile screen with My Orders selected (spec section 2). */
export function MyOrdersRoute() {
  return <ProfileRoute />;
}
