/** The admin's upload forms (multipart). */
export const uploadMessages = {
  unreadable: 'The upload could not be read. Please send it as multipart/form-data.',
  tooManyParts: 'The upload has too many fields or files.',
  colourNotFound: 'Product colour not found.',
  bannerNotFound: 'Banner not found.',
  bannerTitleRequired: '"bannerTitle" is required',
} as const;
