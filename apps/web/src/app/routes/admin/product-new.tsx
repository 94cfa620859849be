import { NewProductPage } from '../../../features/admin/catalogue/components/product-page.tsx';

/** /admin/products/new: a new style (admin). */
export function AdminNewProductRoute() {
  return <NewProductPage />;
}
