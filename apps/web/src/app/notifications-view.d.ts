/** The Notifications component's own module (vite alias, see notifications-view.ts). */
declare module '@frameport/mantine-notifications-view' {
  export { Notifications } from '@mantine/notifications';
}
