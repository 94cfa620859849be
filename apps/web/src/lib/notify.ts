import { messages } from '@frameport/domain/messages';
import { notifications } from '@mantine/notifications';

/** Result toasts stay 3 s (spec section 9); the provider uses it as the default too. */
export const RESULT_TOAST_MS = 3000;

/** An error toast. `id` lets a screen hide its own toast later (`hideToast`). */
export function notifyError(message: string, title: string = messages.toast.error, id?: string): void {
  notifications.show({ id, title, message, color: 'red', autoClose: RESULT_TOAST_MS });
}

export function hideToast(id: string): void {
  notifications.hide(id);
}
