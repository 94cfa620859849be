/**
 * The sales team and staff users desk's texts (back office III, issue 18 items 4 and 5): refusals
 * the API sends and the screens show as written. Each says what is wrong and what to do instead.
 */
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const staffMessages = {
  name: {
    required: 'Please enter the name.',
    tooLong: 'A name has at most 120 characters.',
  },
  email: {
    invalid: 'Please enter a valid email address, e.g. name@example.com.',
    taken: 'Someone already signs in with this email. Use another address, or find that user in the list.',
  },
  phone: {
    invalid: 'Please enter a 10-digit mobile number starting with 6, 7, 8 or 9.',
  },
  role: {
    invalid: 'Choose the role: Admin, Accounts or Warehouse.',
  },
  /** Only an admin manages staff: said to accounts or warehouse staff who try, before anything is read or stored. */
  onlyAdmin: 'Only an admin can create or change staff users and sales executives.',
  userNotFound: 'There is no such staff user. It may have been removed; reload the list.',
  salesExecutiveNotFound: 'There is no such sales executive. Reload the list.',
  retailerNotFound: (ids: readonly number[]) =>
    ids.length === 1 ? `There is no retailer ${ids[0]}. Reload the list.` : `There are no retailers ${ids.join(', ')}. Reload the list.`,
  created: (name: string, email: string) => `${name} is added. A mail with a link to set a password went to ${email}.`,
  deactivated: (name: string) => `${name} is deactivated: signed out everywhere and cannot sign in.`,
  reactivated: (name: string) => `${name} can sign in again.`,
  alreadyInactive: (name: string) => `${name} is already deactivated.`,
  alreadyActive: (name: string) => `${name} is already active.`,
  /** A sales executive with retailers cannot be deactivated: they would be left without anyone. */
  moveRetailersFirst: (n: number) =>
    `Move its ${plural(n, 'retailer', 'retailers')} to another sales executive first: ${n === 1 ? 'it is' : 'they are'} still linked to this sales executive.`,
  notYourself: 'You cannot deactivate yourself. Ask another admin.',
  lastAdmin: 'This is the last active admin: make another user an admin first, or nobody could manage the back office.',
  endSessionsOfYourself: 'To end your own sessions, sign out, or change your password to sign out everywhere.',
  sessionsEnded: (name: string, n: number) =>
    n === 0 ? `${name} had no open sessions.` : `${plural(n, 'session', 'sessions')} of ${name} ended: they must sign in again.`,
  useSalesTeam: 'A sales executive is deactivated from its page on the sales team, once its retailers are moved.',
  notStaff: 'This is a retailer’s login: block or unblock the retailer on its page instead.',
  links: {
    notSalesExecutives: (ids: readonly number[]) =>
      `${ids.length === 1 ? `User ${ids[0]} is not` : `Users ${ids.join(', ')} are not`} a sales executive. Reload the list and choose again.`,
    inactive: (names: readonly string[]) =>
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} deactivated: choose an active sales executive.`,
    tooMany: 'A retailer can have at most 20 sales executives.',
    duplicate: 'Each sales executive can be chosen once.',
    saved: (n: number) => (n === 0 ? 'The retailer has no sales executive now.' : `Saved: ${plural(n, 'sales executive looks', 'sales executives look')} after this retailer.`),
  },
  move: {
    none: 'Choose at least one retailer to move.',
    tooMany: 'Move at most 500 retailers at once.',
    sameTarget: 'Choose another sales executive to move them to.',
    notLinked: (names: readonly string[]) =>
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not linked to this sales executive (moved meanwhile?). Reload the page and choose again.`,
    targetInactive: (name: string) => `${name} is deactivated: choose an active sales executive.`,
    moved: (n: number, to: string) => `${plural(n, 'retailer', 'retailers')} moved to ${to}.`,
  },
} as const;
