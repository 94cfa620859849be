/** Reset password (the emailed link's page). */
export const resetMessages = {
  invalidToken: 'Invalid token. Please request a new link by clicking on forgot password again!',
  invalidLink: 'Invalid link. Please request a link by clicking on forgot password!',
  failed: 'Reset password failed!',
  /** The same page for a new retailer's welcome link (issue 18): a first password, not a reset. */
  welcomeTitle: 'Set your password',
  welcomeIntro: 'Welcome to Frameport. Choose a password for your account: you will sign in with your email and this password.',
  welcomeSubmit: 'Set password',
  welcomeDone: 'Log in with your password',
} as const;
