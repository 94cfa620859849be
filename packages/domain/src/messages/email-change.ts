/** Change email: the confirmation link and its mails. */
export const emailChangeMessages = {
  passwordRequired: 'Please enter your current password.',
  sameEmail: 'This is already your sign-in email address.',
  tooMany: 'Too many email change requests. Please try again in an hour.',
  requested: (email: string) => `We sent a confirmation link to ${email}. Your email changes when you open it.`,
  confirmed: (email: string) => `Your sign-in email is now ${email}.`,
  linkMissing: 'This confirmation link is incomplete. Open the link from the mail exactly as it was sent.',
  linkInvalid: 'This confirmation link is not valid. Open the newest link we sent, or ask for the change again on your profile.',
  linkUsed: 'This confirmation link has already been used.',
  linkCancelled:
    'This confirmation link was cancelled by a newer request or a password change. Ask for the change again on your profile if you still want it.',
  linkExpired: 'This confirmation link has expired. Ask for the change again on your profile.',
} as const;
