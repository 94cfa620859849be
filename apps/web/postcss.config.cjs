// Mantine's PostCSS preset (rem(), light-dark(), mixins) plus the spec's breakpoints
// (section 9: 440, 768, 1024 px) as $variables for `@media (min-width: $mantine-breakpoint-sm)`.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '27.5em', // 440px
        'mantine-breakpoint-sm': '48em', // 768px
        'mantine-breakpoint-md': '64em', // 1024px
        'mantine-breakpoint-lg': '75em', // 1200px
        'mantine-breakpoint-xl': '88em', // 1408px
      },
    },
  },
};
