/**
 * Every text a retailer reads, written once. The spec's texts are kept exactly as written
 * (including their spelling), because an existing client may match on them.
 */
export const messages = {
  login: {
    emailRequired: 'Please enter Email',
    emailInvalid: 'Invalid email address',
    passwordRequired: 'Please enter password',
    passwordLength: 'Password must be between 6 and 128 characters',
    badCredentials: 'The user name or password is incorrect.',
    tooManyAttempts: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
    unsupportedGrant: 'Only the password grant is supported.',
    missingFields: 'Please enter your email and password.',
    toastTitle: 'Error',
  },
  forgotPassword: {
    emailRequired: 'Please provide your email ID',
    emailInvalid: 'Please provide valid email address',
    emailTooShort: 'please provide email id',
    sent: 'Password reset instructions sent to email.',
  },
  reset: {
    invalidToken: 'Invalid token. Please request a new link by clicking on forgot password again!',
    invalidLink: 'Invalid link. Please request a link by clicking on forgot password!',
    failed: 'Reset password failed!',
  },
  profile: {
    phoneInvalid: 'Please enter a valid phone number',
    phoneSame: 'Please enter a different phone number',
    nameRequired: 'Please enter contact person’s name',
    emailInvalid: 'Please enter a valid email address',
    updated: 'Profile Updated Successfully',
  },
  password: {
    mustHave: 'Password must have',
    minLength: 'At least 8 characters',
    number: 'At least 1 number',
    special: 'At least 1 special character (! @ # $ % ^ & *)',
    mismatch: 'New Passwords do not match',
    required: 'Required',
    wrongCurrent: 'Please Enter Valid Current Password',
    changed: 'Your Password has been changed successfully',
  },
  quantity: {
    range: 'Please enter quantity between 0 to 100',
    onlyInStock: (available: number) => `Only ${available} available in stock!`,
    placeOrderStock: (left: number) =>
      `We're sorry, only ${left} items are left in stock. Please update quantity to place order`,
    modelLimit: 'Model quantity limit reached for this color',
    orderQuantityLimit: 'Order quantity limit reached',
    orderValueLimit: 'Order value limit reached',
  },
  http: {
    unexpected: 'An unexpected server error occurred.',
    network: 'Unable to reach the server. Please check your internet connection and try again.',
    serverError: 'Something went wrong. Please try again.',
    notFound: 'The requested resource was not found.',
    unauthorized: 'Your session has expired. Please sign in again.',
    forbidden: 'You are not allowed to do this.',
    tooLarge: 'The request is too large.',
    rateLimited: 'Too many requests. Please wait a moment and try again.',
    malformedJson: 'The request body is not valid JSON.',
    unsupportedMediaType: 'This content type is not supported.',
    invalidInput: 'The request is not valid.',
  },
} as const;
