import { ProductsList } from '../../../features/admin/catalogue/components/products-list.tsx';

/** /admin/products: the catalogue desk's list of styles. */
export function AdminProductsRoute() {
  return <ProductsList />;
}
