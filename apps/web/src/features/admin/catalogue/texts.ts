/** The catalogue desk's own texts for styles and images (the API's refusals arrive in its messages). */
export const catalogueTexts = {
  listTitle: 'Catalogue',
  newStyle: 'New style',
  searchLabel: 'Search styles',
  searchPlaceholder: 'Model number, name or brand',
  clearFilters: 'Clear filters',
  loadFailed: 'The styles could not be loaded.',
  noStyles: 'No styles yet. Add the first with New style.',
  noMatch: 'No styles match these filters.',
  tryOther: 'Try other filters or clear them.',
  readOnly: 'You can read the catalogue; changes to styles are made by an admin.',
  selected: (n: number) => `${n} selected`,
  deactivate: 'Deactivate',
  activate: 'Activate',
  confirmBulk: (action: 'activate' | 'deactivate', n: number) =>
    action === 'deactivate'
      ? `Deactivate ${n === 1 ? 'this style' : `these ${n} styles`}? ${n === 1 ? 'It disappears' : 'They disappear'} from the catalogue and search at once; past orders and invoices keep ${n === 1 ? 'it' : 'them'}.`
      : `Activate ${n === 1 ? 'this style' : `these ${n} styles`}? ${n === 1 ? 'It shows' : 'They show'} in the catalogue again at once.`,
  bulkDone: (action: 'activate' | 'deactivate', changed: number, unchanged: number) =>
    `${changed} ${changed === 1 ? 'style' : 'styles'} ${action === 'activate' ? 'activated' : 'deactivated'}` +
    (unchanged > 0 ? `, ${unchanged} already ${action === 'activate' ? 'active' : 'inactive'}.` : '.'),
  active: 'Active',
  inactive: 'Inactive',
  lowStock: (n: number) => `${n} low`,
  formLoadFailed: 'The style could not be loaded.',
  mastersLoadFailed: 'The catalogue lists could not be loaded.',
  saved: 'The style was saved.',
  created: 'The style was created.',
  gstFromHsn: (rate: number | null) => (rate === null ? 'No GST rate in force for this HSN code.' : `${rate} % (from the HSN code)`),
  addColour: 'Add colour',
  removeColour: 'Remove colour',
  imagesTitle: (code: string) => `Images of ${code}`,
  imagesSaveFirst: 'Save the style first; then add images to each colour.',
  dropHere: 'Drop images here or choose files',
  dropHint: 'PNG, JPEG or WebP, at most 5 MB each; several at once.',
  noImages: 'No images yet.',
  confirmRemoveImage: 'Remove this image? The catalogue stops showing it at once.',
  imageRemoved: 'The image was removed.',
  auditTitle: 'Changes',
  noAudit: 'No changes recorded yet.',
} as const;
