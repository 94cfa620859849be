/**
 * Every text a retailer reads, written once. The spec's texts are kept exactly as written
 * (including their spelling), because an existing client may match on them.
 */
/** Pieces as a retailer counts them: '1 pc', '12 pcs'. */
function piecesText(pieces: number): string {
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
  reset: {
    invalidToken: 'Invalid token. Please request a new link by clicking on forgot password again!',
    invalidLink: 'Invalid link. Please request a link by clicking on forgot password!',
    failed: 'Reset password failed!',
    /** The same page for a new retailer's welcome link (issue 18): a first password, not a reset. */
    welcomeTitle: 'Set your password',
    welcomeIntro: 'Welcome to Frameport. Choose a password for your account: you will sign in with your email and this password.',
    welcomeSubmit: 'Set password',
    welcomeDone: 'Log in with your password',
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
  /** Express checkout: one list fed by the model search, pasted rows and uploaded files. */
  express: {
    invalidModel: 'Invalid Model Number. Please enter a valid Model Number',
    duplicateModel: 'Product already added. Please add different product',
    searchFailed: 'Model numbers could not be searched. Please try again.',
    checkFailed: 'Model numbers could not be checked. Please try again.',
    noRows: 'No rows to add.',
    addAll: 'Add all to order',
    /** The list's one total, e.g. '12 pcs · ₹14,272.62 incl. GST'. */
    total: (pieces: number, formatted: string) => `${pieces} pcs · ${formatted} incl. GST`,
    /** Why Add all is disabled. */
    nothingToAdd: 'Enter a quantity for at least one colour to add it to your order.',
    fixQuantities: (rows: number) => `Fix the quantities marked on ${rows} ${rows === 1 ? 'row' : 'rows'} first.`,
    orderQuantityOver: (limit: string, pieces: number, max: number) => `${limit}: your order would have ${pieces} pcs, the most is ${max}.`,
    orderValueOver: (limit: string, value: string, max: string) => `${limit}: your order would come to ${value} incl. GST, the most is ${max}.`,
    /** Beside Add all while unmatched rows are listed. */
    unmatchedStay: (rows: number) =>
      `${rows} unmatched ${rows === 1 ? 'row stays' : 'rows stay'} in the list and ${rows === 1 ? 'is' : 'are'} not added.`,
    /** After an Add all that left rows behind. */
    addedSome: (lines: number) => `${lines} ${lines === 1 ? 'line was' : 'lines were'} added to your order. The rows still listed were not added.`,
    notAdded: (reason: string) => `Not added: ${reason}`,
    /** Why an imported row cannot be matched (it stays in the list with this text). */
    row: {
      columns: 'Expected 3 values: model number, colour variant, quantity',
      quantity: 'Quantity must be a whole number from 1 to 100',
      unknownModel: 'Unknown model number',
      unknownColour: 'Unknown colour variant for this model',
    },
    /** Reading pasted text and .csv / .xlsx files. */
    import: {
      title: 'Paste rows or upload a file',
      help: 'One line per colour: model number, colour variant, quantity. Copy cells from a spreadsheet, lines from a chat ("VX-AV-1023 C2 x 4"), or upload a .csv or .xlsx file.',
      pasteLabel: 'Pasted rows',
      addPasted: 'Add rows to the list',
      fileLabel: 'Upload a .csv or .xlsx file',
      sample: 'Download sample CSV',
      tooLarge: (megabytes: number) => `This file is larger than ${megabytes} MB. Split it into smaller files. Nothing was added.`,
      tooManyRows: (rows: number, max: number) =>
        `This has ${rows} rows; at most ${max} can be read at once. Split it into parts. Nothing was added.`,
      wrongType: 'Choose a .csv or .xlsx file. Nothing was added.',
      oldExcel: 'Old Excel files (.xls) cannot be read. Save the sheet as .xlsx or .csv and upload that. Nothing was added.',
      unreadableXlsx: 'This file could not be read as an Excel workbook (.xlsx). Nothing was added.',
      unclosedQuote: (line: number) => `Line ${line} has a quote (") that is never closed. Nothing was added.`,
      notText: 'This file does not look like CSV text. Nothing was added.',
      readFailed: 'The file could not be read. Please try again.',
      /** After rows landed in the list. */
      landed: (rows: number, unmatched: number) =>
        `${rows} ${rows === 1 ? 'row' : 'rows'} added to the list${unmatched > 0 ? `, ${unmatched} of them could not be matched (marked in the list)` : ''}.`,
    },
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
  /** The spec's confirmations (purchase order, express checkout). */
  confirm: {
    title: 'Please confirm',
    delete: 'Delete',
    deleteItem: 'Are you sure you want to delete this item?',
    clearCart: 'Are you sure you want to clear cart?',
    leavePage: 'Changes you made may not be saved.',
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
  /** /home's Buy again: the retailer's most ordered styles. */
  buyAgain: {
    title: 'Buy again',
    subtitle: 'Your most ordered styles that are in stock',
    myOrders: 'My Orders',
    piecesOrdered: (pieces: number) => `${piecesText(pieces)} ordered before`,
  },
  order: {
    /** Every total says whether it includes GST (the lines' totals are before GST too). */
    subtotal: 'Subtotal (excl. GST)',
    total: 'Order total (incl. GST)',
    placed: 'Order Placed Successfully',
    notFound: 'Order not found.',
    cartNotFound: 'This purchase order was not found. Please reload it.',
    loadFailed: 'This order could not be loaded',
    listLoadFailed: 'Your orders could not be loaded',
    /** The purchase order page (the cart). */
    cartLoadFailed: 'Your order could not be loaded',
    fixQuantities: 'Please correct the quantities marked in red before placing the order.',
    /** The purchase order's count line; the spec's own text when it is empty. */
    lineCount: (lines: number, pieces: number) =>
      lines === 0 ? 'You have 0 items in your order' : `You have ${lines} ${lines === 1 ? 'line' : 'lines'} (${piecesText(pieces)}) in your order`,
    /** A line's quantity where it cannot be changed (a free or expired line). */
    lineQuantity: (pieces: number) => `Qty ${piecesText(pieces)}`,
    /** Why Place order is off while lines are above their stock or the per-colour limit. */
    linesToChange: (lines: number) =>
      `${lines === 1 ? '1 line needs' : `${lines} lines need`} a change before you can place the order: see the message on the line.`,
    /** The lines not loaded yet, so the lines on screen still add up to the subtotal. */
    linesNotShown: (lines: number) => `${lines} more ${lines === 1 ? 'line' : 'lines'} not shown`,
  },
  invoice: {
    notFound: 'Invoices not found.',
    noData: 'No Data Found',
    oneNotFound: 'Invoice not found.',
    alreadyRaised: 'This order already has an invoice.',
    invalidDate: 'Please enter a valid date.',
    dateRange: 'The From date must not be after the To date.',
    nothingOverdue: 'Nothing overdue',
    none: 'No invoices',
    /** The columns of My invoices and of the statement (open invoices, ledger), and their summary cards. */
    columns: {
      pay: 'Pay',
      number: 'Invoice no.',
      date: 'Invoice date',
      dueDate: 'Due date',
      overdue: 'Overdue',
      notYetDue: 'Not yet due',
      amount: 'Amount',
      paid: 'Paid',
      balance: 'Balance',
    },
    selectToPay: (invoiceNo: string) => `Select invoice ${invoiceNo} to pay`,
    totalDue: 'Total due',
    listLoadFailed: 'Your invoices could not be loaded',
    downloadFailed: (invoiceNo: string) => `Invoice ${invoiceNo} could not be downloaded`,
    statementLoadFailed: 'Your account statement could not be loaded',
    chooseDates: 'Please choose both dates.',
    startAfterEnd: 'The start date must be on or before the end date.',
    endAfterToday: 'The end date cannot be after today.',
    nothingOpen: 'Nothing is open: every invoice is paid.',
    noEntries: 'No invoices or payments in this period.',
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
