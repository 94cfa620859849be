/** Uploaded pictures: the admin's product and banner images, a profile picture. */
export const imageMessages = {
  missing: 'Please choose an image to upload.',
  notAnImage: 'Please upload a PNG, JPEG or WebP image.',
  tooLarge: 'The image is larger than 5 MB.',
  tooManyPixels: 'The image has too many pixels: at most 40 megapixels (for example 6000 × 6000).',
} as const;
