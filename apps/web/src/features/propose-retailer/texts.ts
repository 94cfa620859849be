/** The proposal form's own texts (the server's answer and refusals come in its messages, from packages/domain). */
export const proposeTexts = {
  title: 'Propose a retailer',
  intro: 'A new shop for Frameport: an admin checks it and approves it, then the owner gets an email to set a password.',
  onlySalesExecutives: 'Only sales executives propose new retailers. Ask your sales executive to add a shop.',
  statesFailed: 'The list of states could not be loaded',
  citiesFailed: 'The cities could not be loaded.',
  submit: 'Send for approval',
  sentTitle: 'Sent for approval',
  another: 'Propose another retailer',
  failed: 'The proposal could not be sent',
} as const;
