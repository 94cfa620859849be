/**
 * Every text a retailer reads, written once. The spec's texts are kept exactly as written
 * (including their spelling), because an existing client may match on them.
 * `messages` holds what the first screens use; the texts of one area (express checkout, invoices,
 * orders, …) are exports of their own (`expressMessages`, …), so a screen's script carries only the
 * texts it shows (issue 19 item 4: 1.7 kB less on /products).
 */
/** Pieces as a retailer counts them: '1 pc', '12 pcs'. */
export function piecesText(pieces: number): string {
  return `${pieces} ${pieces === 1 ? 'pc' : 'pcs'}`;
}

export const messages = {
  /** Button and link labels several screens share. */
  actions: {
    retry: 'Retry',
    tryAgain: 'Try again',
    goHome: 'Go to home',
    backToLogin: 'Back to Login',
    logIn: 'Log in',
    browseProducts: 'Browse products',
    cancel: 'Cancel',
    close: 'Close',
    ok: 'OK',
  },
  /** The profile menu's entries (header and phone menu) and the account page's tabs. */
  account: {
    profile: 'My Profile',
    orders: 'My Orders',
    changePassword: 'Change Password',
    invoices: 'My Invoices',
    switchUser: 'Switch User',
    /** A sales executive's short form for a new retailer (issue 18). */
    proposeRetailer: 'Propose a retailer',
    /** A sales executive's cockpit (/my-retailers). */
    myRetailers: 'My retailers',
    logout: 'Logout',
    /** The profile menu's link to the separate lens product's login (spec section 2), in a new tab. */
    lensLogin: 'Lens login',
    opensInNewTab: '(opens in a new tab)',
  },
  /** Field labels several forms and cards share (sign-in, forgot password, profile, the home account card). */
  fields: {
    email: 'Email',
    phone: 'Phone',
    alternatePhone: 'Alternate phone',
    gstin: 'GSTIN',
  },
  footer: {
    tagline: 'Wholesale eyewear for optical retailers across India',
    support: 'Support',
    legal: 'Legal',
  },
  /** The header, its phone menu and the public site's header. */
  nav: {
    main: 'Main',
    home: 'Home',
    skipToContent: 'Skip to content',
    openNavigation: 'Open navigation',
    frames: 'Frames',
    sunglasses: 'Sunglasses',
    purchaseOrder: 'Purchase order',
    expressCheckout: 'Express checkout',
  },
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
    /** The token call's texts when the server gives no error_description (spec section 8). */
    tokenUnauthorized: 'Unauthorized',
    tokenBadRequest: 'BadRequest',
  },
  forgotPassword: {
    emailRequired: 'Please provide your email ID',
    emailInvalid: 'Please provide valid email address',
    title: 'Forgot password',
    emailTooShort: 'please provide email id',
    sent: 'Password reset instructions sent to email.',
  },
  profile: {
    loadFailed: 'Your profile could not be loaded',
    /** The home page's account card. */
    accountLoadFailed: 'Your account details could not be loaded',
    pictureType: 'Please choose a PNG, JPEG or WebP picture.',
    pictureSize: (megabytes: number) => `The picture must be ${megabytes} MB or smaller.`,
    pictureUnreadable: 'The picture could not be read.',
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
  password: {
    current: 'Current password',
    showCurrent: 'Show current password',
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
    /** A quantity field's accessible name. */
    fieldLabel: (what: string) => `Quantity of ${what}`,
    range: 'Please enter quantity between 0 to 100',
    onlyInStock: (available: number) => `Only ${available} available in stock!`,
    /** A colour's stock, on the catalogue and in express checkout. */
    inStock: (available: number) => `${available} in stock`,
    outOfStock: 'Out of stock',
    placeOrderStock: (left: number) =>
      `We're sorry, only ${left} items are left in stock. Please update quantity to place order`,
    modelLimit: 'Model quantity limit reached for this color',
    /** The spec's limit text with the retailer's limit, so the number to type is in view. */
    modelLimitOf: (max: number) => `Model quantity limit reached for this color (max ${max} per colour)`,
    orderQuantityLimit: 'Order quantity limit reached',
    orderValueLimit: 'Order value limit reached',
  },
  product: {
    noImage: 'No image',
    modelNumber: 'Model number',
    notFound: 'Product not found.',
    /** The web's heading for the same 404. */
    notFoundTitle: 'Product not found',
    gone: 'This product does not exist or is no longer sold. The catalogue has plenty of others.',
    loadFailed: 'This product could not be loaded',
    unavailable: 'Sorry, This product is currently unavailable!',
    noDescription: 'No description yet.',
    relatedLoadFailed: 'Related products could not be loaded.',
  },
  catalogue: {
    /** The catalogue page's title, and its breadcrumb on a product page. */
    title: 'All Frames & Sunglasses',
    /** The catalogue's sort and filter controls (the page, the phone's modals, the chips). */
    sortBy: 'Sort by',
    filters: 'Filters',
    closeFilters: 'Close filters',
    clearFilters: 'Clear filters',
    clear: 'Clear',
    availability: 'Availability',
    categoriesLoading: 'Loading…',
    categoriesLoadFailed: 'Categories could not be loaded',
    noCategories: 'No categories yet',
    filtersLoadFailed: 'Filters could not be loaded',
    productsLoadFailed: 'Products could not be loaded',
    noProducts: 'No Products found for your selection. Please try different options!',
    /** The empty catalogue's heading (spec section 2), above noProducts. */
    noRecords: 'no record found',
    /** Beside a price that carries no retailer's discount: a sales executive has chosen no retailer yet. */
    listPrice: 'List price',
    unreadableFilter: 'This link has a filter we cannot read',
    emptyPage: 'This page is empty',
    /** The catalogue's two views: the card grid and the dense quick-order list. */
    view: 'View',
    gallery: 'Gallery',
    list: 'List',
    /** A home page section (new arrivals, materials, …) whose tiles failed. */
    sectionLoadFailed: (what: string) => `${what} could not be loaded`,
  },
  cart: {
    addToOrder: 'Add to order',
    clearCart: 'Clear Cart',
    deleteLine: (name: string) => `Delete ${name}`,
    /** The cart icon's summary, and the running total in express checkout. */
    totalQuantity: (quantity: number) => `Total quantity: ${quantity}`,
    lines: (lines: number) => `Lines: ${lines}`,
    totalValue: (formatted: string) => `Total value: ${formatted}`,
    expiryNotice: 'Lines in your purchase order expire if the order is not placed within 24 hours of adding.',
    lineExpired: 'This line has expired. Please delete it and add it again.',
    expiredInOrder: 'Some lines in your purchase order have expired. Please delete them and add them again.',
    added: 'Added to your purchase order',
    nothingAdded: 'Nothing was added: every line is above the stock available.',
    nothingToAdd: 'Please enter a quantity for at least one colour.',
    /** Beside a disabled Add to order: why it cannot be pressed (issue 16, item 8). */
    enterQuantity: 'Enter a quantity to add.',
    fixQuantities: 'Correct the quantities in error first.',
    /** Pieces of a colour the order already holds (cards, quick-order list, product page). */
    inYourOrderLabel: 'In your order',
    inYourOrder: (pieces: number) => `In your order: ${pieces}`,
    /** The quick-order list's one button for every quantity typed on the page. */
    addAllToOrder: 'Add all to order',
    updated: 'Purchase order updated',
    cleared: 'Purchase order cleared',
    freeLineFixed: 'Free lines cannot change quantity.',
    empty: 'Your purchase order is empty.',
    chooseRetailer: 'Please choose a retailer first.',
    itemNotFound: 'This line is no longer in your purchase order.',
    productNotFound: 'This product is not available.',
    /** Shown after a delete: the server's answer carries no message. */
    lineDeleted: 'Line removed from your purchase order.',
  },
  switchUser: {
    confirm: (businessName: string) => `Are you sure you want to switch to ${businessName}?`,
    success: (businessName: string) => `You have successfully swithced to ${businessName}`,
    chooseRetailer: 'Choose a retailer to order for',
    /** Under chooseRetailer: why the catalogue's prices carry no discount yet. */
    listPricesUntilChosen: 'Until you choose one, prices are list prices, without any retailer’s discount.',
    actingFor: 'Acting for',
    /** The strip's link and the confirmation's button. */
    switch: 'Switch',
    /** The switch's confirmation and success dialogs. */
    title: 'Switch user',
    loadFailed: 'Could not load your retailers',
    noneLinkedTitle: 'No retailers linked',
    noneLinked: 'No retailers are linked to your account yet. Please contact your administrator.',
    noMatch: (search: string) => `No retailers match “${search}”.`,
  },
  /** The running order: the phone's bottom bar and the desktop's drawer after an add (issue 16). */
  runningOrder: {
    /** '12 pcs · ₹14,272.62 incl. GST' */
    summary: (pieces: number, totalWithGst: string) => `${piecesText(pieces)} · ${totalWithGst} incl. GST`,
    barLabel: 'Your purchase order',
    review: 'Review order',
    continue: 'Continue',
    added: 'Added to your order',
    addedPieces: (pieces: number) => `${piecesText(pieces)} added to your order`,
    /** A line of the drawer: what is now in the order of one colour. */
    inOrder: (quantity: number) => `${quantity} in order`,
    moreLines: (count: number) => `and ${count} more ${count === 1 ? 'line' : 'lines'}`,
    notAdded: 'Not added',
    yourOrder: 'Your order',
    lines: (lines: number) => `${lines} ${lines === 1 ? 'line' : 'lines'}`,
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
    nothingToPay: 'Nothing to pay: every invoice is paid.',
    startFailed: 'The payment could not be started',
    statusFailed: 'The payment status could not be read',
    pendingTitle: 'Payment pending',
    expiredTitle: 'Payment link expired',
    cancelledTitle: 'Payment cancelled',
    /** The sandbox's own payment page. */
    sandbox: {
      linkNotFoundTitle: 'Payment link not found',
      linkNotFound:
        'There is no sandbox payment link at this address for the account you are signed in with. Please start a new payment in Frameport.',
      loadFailed: 'The payment could not be loaded',
      nothingChanged: 'Nothing changed',
      didNotGoThrough: 'The payment did not go through.',
      noMoneyTaken: 'No money was taken.',
      linkCancelledTitle: 'Payment link cancelled',
      linkUnpayable: 'This payment link can no longer be paid. Please start a new payment in Frameport.',
    },
  },
  content: {
    pageNotFound: 'Page not found.',
    /** The web's heading for an unknown address or support page. */
    pageNotFoundTitle: 'Page not found',
    pageMissing: 'The page you are looking for does not exist or has moved.',
    supportPageMissing: 'This support page does not exist. Choose one of our help pages instead:',
    pageLoadFailed: 'This page could not be loaded',
    contactLoadFailed: 'Our contact details could not be loaded.',
    corporateDetailsNotFound: 'Corporate details not found.',
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
    /** A background refresh failed without a server message. */
    refreshFailed: 'Could not refresh the data.',
    /** A screen that threw while rendering. */
    crashedTitle: 'Something went wrong',
    crashed: 'This page could not be shown. Reloading usually helps; if it keeps happening, please try again in a few minutes.',
  },
  /** Toast titles. */
  toast: {
    success: 'Success',
    error: 'Error',
  },
} as const;
