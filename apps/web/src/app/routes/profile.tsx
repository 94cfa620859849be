import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import { Stack, Tabs, Title } from '@mantine/core';
import { useLocation, useSearchParams } from 'react-router';
import { MyOrders } from '../../features/orders/components/my-orders.tsx';
import { OrderPlacedModal, orderRefFrom } from '../../features/orders/components/order-placed-modal.tsx';

const PAGE_TITLE = 'My Account';

/** The tabs built so far, each with the URL flag that selects it (spec section 2). */
const TABS = [{ value: 'orders', flag: 'order', label: 'My Orders' }] as const;
type TabValue = (typeof TABS)[number]['value'];

/**
 * /profile (and /my-orders): the account tabs chosen by URL flags (?order=true → My Orders), and the
 * 'Order Placed Successfully' dialog while ?success=true (OK drops the flag).
 */
export function ProfileRoute() {
  const email = null; // the retailer acts for itself; a sales executive's retailer comes later
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();

  const flagged = TABS.find((tab) => searchParams.get(tab.flag) === 'true');
  const active: TabValue = location.pathname === '/my-orders' ? 'orders' : (flagged ?? TABS[0]).value;
  const success = searchParams.get('success') === 'true';

  const selectTab = (value: string | null) => {
    const tab = TABS.find((candidate) => candidate.value === value);
    if (!tab || tab.value === active) return;
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      for (const other of TABS) next.delete(other.flag);
      next.set(tab.flag, 'true');
      return next;
    });
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
      <title>{`${TABS.find((tab) => tab.value === active)?.label ?? PAGE_TITLE} · Frameport`}</title>
      <Title order={1} fz={{ base: 22, sm: 28 }}>
        {PAGE_TITLE}
      </Title>
      <Tabs value={active} onChange={selectTab} keepMounted={false}>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="orders" pt="md">
          <MyOrders email={email} />
        </Tabs.Panel>
      </Tabs>
      <OrderPlacedModal opened={success} orderRefNo={orderRefFrom(location.state)} onClose={closeSuccess} />
    </Stack>
  );
}
