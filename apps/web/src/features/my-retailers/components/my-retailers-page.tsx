import { formatInr, ORDER_STATUSES, type OrderStatus } from '@frameport/domain';
import type { MyRetailer, MyRetailerOrder, MyRetailers } from '@frameport/domain/contract/my-retailers';
import { messages } from '@frameport/domain/messages';
import { Badge, Button, NativeSelect, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../../lib/router.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadError, retryQuery } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PROPOSE_RETAILER_PATH, PURCHASE_ORDER_PATH } from '../../../config/paths.ts';
import { useActingRetailer, type ActingRetailer } from '../../../lib/acting-store.ts';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { myRetailersQueries } from '../api.ts';
import { formatDate, formatDay, inr } from '../display.ts';
import { bookTotals, MY_RETAILERS_SORTS, readBookParams, shownRetailers, SORT_LABELS, type MyRetailersSort } from '../book.ts';
import classes from './my-retailers.module.css';

/** Where one tap on a retailer lands: their catalogue (prices, limits and cart are theirs from then on). */
const CATALOGUE_PATH = '/products';

/**
 * Acting for a retailer (the Switch User choice: the store and the reset of what was cached for the
 * previous one), then going to `to`. The app composes it from the acting feature.
 */
export type ActFor = (retailer: ActingRetailer, to: string) => Promise<void>;

/**
 * /my-retailers, a sales executive's morning screen (one call, GET /api/Account/myRetailers): what
 * their retailers owe and how much is overdue, their orders by status, and each retailer with
 * outstanding, overdue, credit available and last order; one tap on Order acts for the retailer
 * (the Switch User choice) and opens their catalogue, Cart their purchase order. Search and sort
 * are in the URL. A new shop is proposed from here too (it waits for an admin's approval).
 */
export function MyRetailersPage({ actFor }: { actFor: ActFor }) {
  const book = useQuery(myRetailersQueries.book());
  return (
    <Stack gap="md">
      <PageHeader
        title="My retailers"
        align="flex-end"
        aside={
          <Button component={Link} to={PROPOSE_RETAILER_PATH} variant="default" className={classes.propose}>
            {messages.account.proposeRetailer}
          </Button>
        }
        description={
          <Text size="sm" c="dimmed" mih={22}>
            {book.data ? `Outstanding and overdue on ${formatDay(book.data.asOf)}.` : ' '}
          </Text>
        }
      />
      {book.isPending ? (
        <BookSkeleton />
      ) : book.isError ? (
        <LoadError title="Your retailers could not be loaded" {...retryQuery(book)} />
      ) : book.data.retailers.length === 0 ? (
        <EmptyState title={messages.switchUser.noneLinkedTitle} description={messages.switchUser.noneLinked} />
      ) : (
        <Book book={book.data} actFor={actFor} />
      )}
    </Stack>
  );
}

function Book({ book, actFor }: { book: MyRetailers; actFor: ActFor }) {
  const totals = bookTotals(book.retailers);
  return (
    <>
      <div className={classes.totals}>
        <div className={classes.total}>
          <Text size="xs" c="dimmed">
            Outstanding
          </Text>
          <div className={classes.totalFigure}>{formatInr(totals.outstandingPaise)}</div>
        </div>
        <div className={classes.total}>
          <Text size="xs" c="dimmed">
            Overdue{totals.overdueRetailers > 0 ? `, ${totals.overdueRetailers} ${totals.overdueRetailers === 1 ? 'retailer' : 'retailers'}` : ''}
          </Text>
          <div className={classes.totalFigure} style={totals.overduePaise > 0 ? { color: 'var(--mantine-color-red-9)' } : undefined}>
            {formatInr(totals.overduePaise)}
          </div>
        </div>
      </div>
      <OrdersByStatus book={book} />
      <Retailers retailers={book.retailers} actFor={actFor} />
    </>
  );
}

function OrdersByStatus({ book }: { book: MyRetailers }) {
  const withOrders = ORDER_STATUSES.filter((status) => book.orders.counts[status] > 0);
  const [chosen, setChosen] = useState<OrderStatus | null>(null);
  const status = chosen ?? withOrders[0] ?? null;
  const shown = book.orders.recent.filter((order) => order.status === status);
  return (
    <section aria-labelledby="my-orders-title">
      <Title order={2} fz="h4" id="my-orders-title" mb="xs">
        Their orders
      </Title>
      {withOrders.length === 0 ? (
        <Text size="sm" c="dimmed">
          No orders yet.
        </Text>
      ) : (
        <>
          <ul className={classes.statuses} aria-label="Orders by status">
            {withOrders.map((value) => (
              <li key={value}>
                <Button
                  className={classes.statusButton}
                  variant={value === status ? 'filled' : 'default'}
                  aria-pressed={value === status}
                  onClick={() => setChosen(value)}
                >
                  {value}: {book.orders.counts[value]}
                </Button>
              </li>
            ))}
          </ul>
          {status !== null && (
            <>
              <Text size="xs" c="dimmed" mt={6} mb={4}>
                {book.orders.counts[status] > shown.length ? `The newest ${shown.length} of ${book.orders.counts[status]} ${status}` : `${status}, newest first`}
              </Text>
              <ul className={classes.orders} aria-label={`${status} orders`}>
                {shown.map((order) => (
                  <OrderRow key={order.id} order={order} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

function OrderRow({ order }: { order: MyRetailerOrder }) {
  return (
    <li className={classes.order}>
      <div>
        <Text size="sm" fw={600}>
          {order.orderRefNo}
        </Text>
        <Text size="xs" c="dimmed">
          {order.businessName} · {formatDate(order.placedAt)}
        </Text>
      </div>
      <div className={classes.num}>
        <Text size="sm" fw={600}>
          {inr(order.total)}
        </Text>
        <Badge size="sm" radius="sm" variant="outline" color="gray.8">
          {order.status}
        </Badge>
      </div>
    </li>
  );
}

function Retailers({ retailers, actFor }: { retailers: MyRetailer[]; actFor: ActFor }) {
  const [params, writeUrl] = useUrlParams();
  const { q, sort } = readBookParams(params);
  const shown = shownRetailers(retailers, q, sort);
  // Built on the latest URL written: a fast typist's keys each build on the one before.
  const update = (next: { q?: string; sort?: MyRetailersSort }) =>
    writeUrl((latest) => {
      const merged = { ...readBookParams(latest), ...next };
      const search = new URLSearchParams();
      if (merged.q !== '') search.set('q', merged.q);
      if (merged.sort !== 'overdue') search.set('sort', merged.sort);
      return search;
    }, { replace: true });
  return (
    <section aria-labelledby="my-retailers-title">
      <Title order={2} fz="h4" id="my-retailers-title" mb="xs">
        Retailers ({retailers.length})
      </Title>
      <div className={classes.toolbar} role="search" aria-label="Find a retailer">
        <TextInput
          className={classes.thumb}
          label="Search"
          placeholder="Business, city or email"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={q}
          maxLength={100}
          onChange={(event) => update({ q: event.currentTarget.value })}
        />
        <NativeSelect
          className={classes.thumb}
          label="Sort"
          value={sort}
          onChange={(event) => update({ sort: event.currentTarget.value as MyRetailersSort })}
          data={MY_RETAILERS_SORTS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        />
      </div>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" role="status" mt="sm">
          {messages.switchUser.noMatch(q.trim())}
        </Text>
      ) : (
        <ul className={classes.cards} aria-label="Retailers" style={{ marginTop: 'var(--mantine-spacing-sm)' }}>
          {shown.map((retailer) => (
            <li key={retailer.id}>
              <RetailerCard retailer={retailer} actFor={actFor} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RetailerCard({ retailer, actFor }: { retailer: MyRetailer; actFor: ActFor }) {
  const acting = useActingRetailer();
  const current = acting?.id === retailer.id;
  const canOrder = retailer.status === 'Active';
  const orderFor = (to: string) => void actFor({ id: retailer.id, email: retailer.email, businessName: retailer.businessName }, to);
  const headingId = `retailer-${retailer.id}`;
  return (
    <article className={`${classes.card} ${retailer.overdue > 0 ? classes.overdueCard : ''}`} aria-labelledby={headingId}>
      <div className={classes.cardHead}>
        <div>
          <h3 className={classes.name} id={headingId} style={{ margin: 0, fontSize: 'var(--mantine-font-size-md)' }}>
            {retailer.businessName}
          </h3>
          {retailer.city && (
            <Text size="xs" c="dimmed">
              {retailer.city}
            </Text>
          )}
        </div>
        <Stack gap={4} align="flex-end">
          {current && (
            <Badge size="sm" radius="sm" variant="light" color="green">
              Current
            </Badge>
          )}
          {retailer.status === 'Blocked' && (
            <Badge size="sm" radius="sm" color="red.9">
              Blocked
            </Badge>
          )}
          {retailer.creditHold && (
            <Badge size="sm" radius="sm" color="#8a4b00">
              Credit hold
            </Badge>
          )}
        </Stack>
      </div>
      <dl className={classes.figures}>
        <div>
          <dt>Outstanding</dt>
          <dd>{inr(retailer.outstanding)}</dd>
        </div>
        <div>
          <dt>Overdue</dt>
          <dd style={retailer.overdue > 0 ? { color: 'var(--mantine-color-red-9)' } : undefined}>
            {inr(retailer.overdue)}
            {retailer.oldestOverdueDays > 0 && (
              <Text span size="xs" fw={400} c="red.9">
                {' '}
                ({retailer.oldestOverdueDays} {retailer.oldestOverdueDays === 1 ? 'day' : 'days'})
              </Text>
            )}
          </dd>
        </div>
        <div>
          <dt>Credit available</dt>
          <dd>{inr(retailer.available)}</dd>
        </div>
        <div>
          <dt>Last order</dt>
          <dd>{retailer.lastOrderAt === null ? 'None yet' : formatDate(retailer.lastOrderAt)}</dd>
        </div>
      </dl>
      {canOrder ? (
        <div className={classes.actions}>
          <Button onClick={() => orderFor(CATALOGUE_PATH)}>
            Order<VisuallyHidden> for {retailer.businessName}</VisuallyHidden>
          </Button>
          <Button variant="default" onClick={() => orderFor(PURCHASE_ORDER_PATH)}>
            Cart<VisuallyHidden> of {retailer.businessName}</VisuallyHidden>
          </Button>
        </div>
      ) : (
        <Text size="xs" c="dimmed" mt="auto">
          Blocked: no orders until they are unblocked.
        </Text>
      )}
    </article>
  );
}

function BookSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading your retailers">
      <div className={classes.totals}>
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
      </div>
      <Skeleton height={24} width={140} />
      <Skeleton height={44} radius="md" />
      <Skeleton height={180} radius="md" />
      <div className={classes.cards}>
        <Skeleton height={210} radius="md" />
        <Skeleton height={210} radius="md" />
      </div>
    </Stack>
  );
}
