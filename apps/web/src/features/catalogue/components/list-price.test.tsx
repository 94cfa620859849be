import type { Product, UserProfile } from '@frameport/domain/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, TestProviders } from '../../../testing/render-app.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { setActingRetailer } from '../../../lib/acting-store.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { profileQueries } from '../../../lib/profile-queries.ts';
import { endSession, startSession } from '../../../lib/session.ts';
import { BLR, SALES_EMAIL, salesProfile } from '../../../testing/acting-fixtures.ts';
import { product } from '../../../testing/catalogue-fixtures.ts';
import { userProfile } from '../../../testing/fixtures.ts';
import { ProductCard } from './product-card.tsx';
import { ProductDetailsView } from './product-details-view.tsx';
import { QuickOrderList } from './quick-order-list.tsx';

/**
 * Issue 16 item 9: before a sales executive chooses a retailer the server prices the catalogue at
 * list prices (no discount), and the card and the product page say "List price" beside them.
 */

/** What the server answers a sales executive acting for nobody: no discount at all. */
const listPriced = (): Product => product({ discountedPrice: 1000, selectedDiscount: null, discounts: '[]' });

function renderAs(profile: UserProfile, ui: React.ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(profileQueries.detail(null).queryKey, profile);
  return render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </TestProviders>,
  );
}

/** The label, not the screen-reader name of a struck-through list price (which also says 'List price'). */
function priceLabels(container: HTMLElement): HTMLElement[] {
  return within(container).queryAllByText('List price').filter((element) => element.closest('s') === null);
}

afterEach(() => {
  setActingRetailer(null);
  endSession('logout');
});

describe('list prices before a retailer is chosen', () => {
  it('labels the card’s price "List price" for a sales executive without a retailer', () => {
    renderAs(salesProfile(), <ProductCard product={listPriced()} />);
    const card = screen.getByRole('article', { name: /Vistara Aviator Classic/ });
    expect(priceLabels(card)).toHaveLength(1);
    expect(within(card).getByText('₹1,000.00')).toBeInTheDocument();
    expect(within(card).queryByText(/% off/)).not.toBeInTheDocument();
  });

  it('labels the product page’s price the same way', () => {
    renderAs(salesProfile(), <ProductDetailsView product={listPriced()} />);
    expect(priceLabels(document.body)).toHaveLength(1);
    expect(screen.getByText('₹1,000.00')).toBeInTheDocument();
  });

  it('labels the quick-order list’s prices the same way', () => {
    renderAs(salesProfile(), <QuickOrderList products={[listPriced(), product({ productId: 2, productName: 'Kids Zone Flex Round', discountedPrice: 1000, selectedDiscount: null })]} />);
    expect(priceLabels(document.body)).toHaveLength(2);
  });

  it('shows a retailer its own (discounted) price with no label', () => {
    renderAs(userProfile(), <ProductCard product={product()} />);
    const card = screen.getByRole('article', { name: /Vistara Aviator Classic/ });
    expect(priceLabels(card)).toHaveLength(0);
    expect(within(card).getByText('₹1,000.00').closest('s')).not.toBeNull();
    expect(within(card).getByText('₹900.00')).toBeInTheDocument();
  });

  it('drops the label once the sales executive acts for a retailer', () => {
    startSession({ accessToken: 't', expiresAt: Date.now() + 60_000, userName: SALES_EMAIL, rememberMe: false });
    setActingRetailer(BLR);
    renderAs(salesProfile(), <ProductCard product={product()} />);
    expect(priceLabels(document.body)).toHaveLength(0);
    expect(screen.getByText('₹900.00')).toBeInTheDocument();
  });
});
