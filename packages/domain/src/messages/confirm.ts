/** The spec's confirmations (purchase order, express checkout). */
export const confirmMessages = {
  title: 'Please confirm',
  delete: 'Delete',
  deleteItem: 'Are you sure you want to delete this item?',
  clearCart: 'Are you sure you want to clear cart?',
  leavePage: 'Changes you made may not be saved.',
} as const;
