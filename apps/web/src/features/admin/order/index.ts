export { AdminOrderPage, AdminOrderPageFor } from './components/admin-order-page.tsx';
