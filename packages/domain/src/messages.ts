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
    accountThrottled:
      'There have been too many sign-in attempts for this account. Please try again later, sign in from a device you used before, or reset your password.',
    busy: 'Sign-in is busy right now. Please try again in a moment.',
    unlocked: (email: string) => `Sign-in attempts for ${email} are forgotten: the account can sign in again.`,
    accountNotFound: 'This account was not found.',
    unsupportedGrant: 'Only the password grant is supported.',
    grantTypeRequired: 'grant_type is required: send grant_type=password with the username and password.',
    missingFields: 'Please enter your email and password.',
    loggedOut: 'You have been logged out.',
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
    emailTaken: 'This email address is already used by another account.',
    pictureTooLarge: 'The profile picture is larger than 2 MB.',
    emailOnBehalf: 'Only the retailer can change their sign-in email address.',
    emailChangeNeedsConfirmation:
      'Your sign-in email changes only through Change email, which asks for your password and confirms the new address first.',
  },
  emailChange: {
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
    /** A colour's stock, on the catalogue and in express checkout. */
    inStock: (available: number) => `${available} in stock`,
    outOfStock: 'Out of stock',
    placeOrderStock: (left: number) =>
      `We're sorry, only ${left} items are left in stock. Please update quantity to place order`,
    modelLimit: 'Model quantity limit reached for this color',
    orderQuantityLimit: 'Order quantity limit reached',
    orderValueLimit: 'Order value limit reached',
  },
  product: {
    notFound: 'Product not found.',
  },
  cart: {
    expiryNotice: 'Items in your cart expire if the order is not placed within 24 hours of adding.',
    lineExpired: 'This item has expired. Please remove it and add it again.',
    expiredInOrder: 'Some items in your cart have expired. Please remove them and add them again.',
    added: 'Items added to cart successfully',
    nothingAdded: 'No items were added: every item is above the stock available.',
    nothingToAdd: 'Please enter a quantity for at least one colour.',
    updated: 'Cart updated successfully',
    cleared: 'Cart cleared successfully',
    freeLineFixed: 'Free items cannot change quantity.',
    empty: 'Your cart is empty.',
    chooseRetailer: 'Please choose a retailer first.',
    itemNotFound: 'This item is no longer in your cart.',
    productNotFound: 'This product is not available.',
    /** Shown after a delete: the server's answer carries no message. */
    lineDeleted: 'Item removed from your order.',
  },
  /** The spec's confirmations (purchase order, express checkout). */
  confirm: {
    deleteItem: 'Are you sure you want to delete this item?',
    clearCart: 'Are you sure you want to clear cart?',
    leavePage: 'Changes you made may not be saved.',
  },
  switchUser: {
    confirm: (businessName: string) => `Are you sure you want to switch to ${businessName}?`,
    success: (businessName: string) => `You have successfully swithced to ${businessName}`,
    chooseRetailer: 'Choose a retailer to order for',
  },
  order: {
    placed: 'Order Placed Successfully',
    notFound: 'Order not found.',
    cartNotFound: 'This cart was not found. Please reload your cart.',
  },
  invoice: {
    notFound: 'Invoices not found.',
    noData: 'No Data Found',
    oneNotFound: 'Invoice not found.',
    alreadyRaised: 'This order already has an invoice.',
    cancelledOrder: 'A cancelled order cannot be invoiced.',
    invalidDate: 'Please enter a valid date.',
    dateRange: 'The From date must not be after the To date.',
    nothingOverdue: 'Nothing overdue',
  },
  payment: {
    amountRequired: 'Please enter amount to pay',
    amountTooHigh: 'Your amout to pay not greater than your total due amount.',
    amountNotPositive: 'Please enter an amount above ₹0.',
    amountDecimals: 'Please enter the amount in rupees, with at most 2 decimals.',
    nothingDue: 'There is nothing due on the chosen invoices.',
    invoiceNotOpen: 'One of the chosen invoices is already paid or is not yours.',
    linkCreated: 'Your payment link is ready. Please complete the payment in the window that opened.',
    forTransaction: 'For this transactionNo',
    paid: 'Payment received. Thank you!',
    pending: 'The payment is not complete yet. Please finish it in the payment window, then check again.',
    failed: 'The payment failed. No money was taken. Please try again.',
    expired: 'This payment link has expired. Please start a new payment.',
    cancelled: 'This payment link was cancelled. Please start a new payment.',
    notFound: 'Payment not found.',
    providerUnavailable: 'The payment service is not answering. Please try again in a few minutes.',
    badSignature: 'The payment signature is not valid.',
    paidTitle: 'Payment successful',
    failedTitle: 'Payment failed',
    /** The end of every page a payment window shows once the payment is settled. */
    closeWindow: 'You can close this window and return to Frameport.',
    /** Every page while the payment sandbox takes payments, and every sandbox receipt. */
    sandboxNotice: 'Sandbox payments — no money moves',
  },
  content: {
    pageNotFound: 'Page not found.',
    corporateDetailsNotFound: 'Corporate details not found.',
  },
  /** Uploaded pictures: the admin's product and banner images, a profile picture. */
  image: {
    missing: 'Please choose an image to upload.',
    notAnImage: 'Please upload a PNG, JPEG or WebP image.',
    tooLarge: 'The image is larger than 5 MB.',
    tooManyPixels: 'The image has too many pixels: at most 40 megapixels (for example 6000 × 6000).',
  },
  /** The admin's upload forms (multipart). */
  upload: {
    unreadable: 'The upload could not be read. Please send it as multipart/form-data.',
    tooManyParts: 'The upload has too many fields or files.',
    colourNotFound: 'Product colour not found.',
    bannerNotFound: 'Banner not found.',
    bannerTitleRequired: '"bannerTitle" is required',
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
    /** A body a route needs is missing (or is not a JSON object). */
    bodyNotObject: 'The request body is empty or is not an object.',
    /** NUL or a broken Unicode character: text the database cannot store. */
    unstorableText: (field: string) => `${field} contains characters that are not allowed (NUL or invalid Unicode).`,
    imageNotFound: 'Image not found.',
    fileStoreUnavailable: 'Images cannot be stored or shown right now. Please try again in a minute.',
    /** The database cannot take the request now (down, restarting, disk full): a 503 with Retry-After. */
    unavailable: 'The service is busy or under maintenance; nothing was changed. Please try again in a moment.',
  },
} as const;
