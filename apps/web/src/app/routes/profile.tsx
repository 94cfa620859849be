import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Table.css';
import { messages } from '@frameport/domain/messages';
import { Skeleton, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams, useLocation, useNavigate } from '../../lib/router.tsx';
import tabClasses from '../../features/account/components/account-tabs.module.css';
import { ChangePasswordForm } from '../../features/account/components/change-password-form.tsx';
import { ProfileDetails } from '../../features/account/components/profile-details.tsx';
import { SwitchUserPanel } from '../../features/acting/components/switch-user-panel.tsx';
import { useAddToCart } from '../../features/cart/api.ts';
import { useActing } from '../../lib/use-acting.ts';
import { profileQueries } from '../../lib/profile-queries.ts';
import { MyInvoices } from '../../features/invoices/components/my-invoices.tsx';
import { MyOrders } from '../../features/orders/components/my-orders.tsx';
import { forgetPlacedOrder, justPlacedOrderRef, OrderPlacedModal } from '../../features/orders/components/order-placed-modal.tsx';
import { PageHeader } from '../../components/page-header.tsx';

const PAGE_TITLE = 'My Account';

/** The account tabs, each with the URL flag that selects it (spec section 2); My Profile needs none. */
const TABS = [
  { value: 'profile', flag: null, label: messages.account.profile },
  { value: 'orders', flag: 'order', label: messages.account.orders },
  { value: 'change-password', flag: 'change-password', label: messages.account.changePassword },
  { value: 'invoices', flag: 'my-invoices', label: messages.account.invoices },
  { value: 'switch-user', flag: 'switch-user', label: messages.account.switchUser },
] as const;
type Tab = (typeof TABS)[number];
type TabValue = Tab['value'];

/**
 * /profile (and /my-orders): the account tabs chosen by URL flags (no flag → My Profile,
 * ?order=true → My Orders, ?change-password=true, ?my-invoices=true, ?switch-user=true), and the
 * 'Order Placed Successfully' dialog with ?success=true right after the order it names was placed in
 * this tab (once: not on a reload, Back or a bookmark; OK drops the flag). Switch User is for a
 * sales executive only; My Orders and My Invoices wait until they have chosen a retailer, whose
 * profile, orders and invoices the tabs then show. A flag for a tab that is not offered falls back
 * to My Profile.
 */
export function ProfileRoute() {
  const acting = useActing();
  const addToCart = useAddToCart(acting.email);
  const ownProfile = useQuery(profileQueries.detail(null));
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();

  const offered = TABS.filter(
    (tab) =>
      ((tab.value !== 'orders' && tab.value !== 'invoices') || acting.canOrder) &&
      (tab.value !== 'switch-user' || acting.isSalesExecutive),
  );
  const isOffered = (value: TabValue) => offered.some((tab) => tab.value === value);
  const flagged =
    location.pathname === '/my-orders'
      ? 'orders'
      : TABS.find((tab) => tab.flag !== null && searchParams.get(tab.flag) === 'true')?.value;
  const active: TabValue = flagged !== undefined && isOffered(flagged) ? flagged : 'profile';
  const success = searchParams.get('success') === 'true';
  // Read once on arrival, then consumed: the dialog belongs to the navigation that placed the order.
  const [placedRef] = useState(() => (success ? justPlacedOrderRef(location.state) : null));
  useEffect(() => {
    if (placedRef !== null) forgetPlacedOrder(placedRef);
  }, [placedRef]);
  // Until the role is known the offered tabs are not: /profile?order=true must not flash My Profile.
  // A failed load counts as known (errorUpdatedAt stays set while a retry is pending), so the
  // tabs stay and My Profile shows the error with its Retry.
  const roleKnown = ownProfile.data !== undefined || ownProfile.errorUpdatedAt > 0 || acting.retailer !== null;
  const tabList = useRef<HTMLDivElement>(null);

  // On a phone the tab row scrolls sideways: bring the chosen tab into view (My Invoices starts
  // off screen at 390 px). Only the row scrolls, never the page.
  useEffect(() => {
    const list = tabList.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab) return;
    const listBox = list.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.right > listBox.right) list.scrollLeft += tabBox.right - listBox.right;
    else if (tabBox.left < listBox.left) list.scrollLeft -= listBox.left - tabBox.left;
  }, [active, roleKnown]);

  const selectTab = (value: string | null) => {
    const tab = offered.find((candidate) => candidate.value === value);
    if (!tab || tab.value === active) return;
    const next = new URLSearchParams(searchParams);
    for (const other of TABS) if (other.flag !== null) next.delete(other.flag);
    if (tab.flag !== null) next.set(tab.flag, 'true');
    // /my-orders always shows My Orders: another tab lives on /profile.
    void navigate({ pathname: '/profile', search: next.toString() === '' ? '' : `?${next.toString()}` });
  };

  const closeSuccess = () =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('success');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <PageHeader
        title={PAGE_TITLE}
        documentTitle={roleKnown ? (TABS.find((tab) => tab.value === active)?.label ?? PAGE_TITLE) : PAGE_TITLE}
      />
      {roleKnown ? (
        <Tabs value={active} onChange={selectTab} keepMounted={false}>
          <Tabs.List ref={tabList} className={tabClasses.list}>
            {offered.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} className={tabClasses.tab}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="profile" pt="md">
            <ProfileDetails email={acting.email} />
          </Tabs.Panel>
          <Tabs.Panel value="orders" pt="md">
            <MyOrders email={acting.email} onOrderAgain={addToCart.mutateAsync} />
          </Tabs.Panel>
          <Tabs.Panel value="change-password" pt="md">
            <ChangePasswordForm />
          </Tabs.Panel>
          <Tabs.Panel value="invoices" pt="md">
            <MyInvoices email={acting.email} />
          </Tabs.Panel>
          <Tabs.Panel value="switch-user" pt="md">
            <SwitchUserPanel />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Stack gap="md" aria-busy="true" aria-label="Loading your account">
          <Skeleton height={36} radius="sm" />
          <Skeleton height={220} radius="md" />
        </Stack>
      )}
      <OrderPlacedModal opened={success && placedRef !== null} orderRefNo={placedRef} onClose={closeSuccess} />
    </Stack>
  );
}
