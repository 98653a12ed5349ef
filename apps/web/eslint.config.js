import react from '@fansite/eslint-config/react';

export default [
  ...react,
  {
    files: ['src/**/*.tsx'],
    rules: {
      // Page addresses come from lib/paths.ts, where the router's types check them.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='href'] > Literal[value=/^\\u002F/]",
          message: 'Build page addresses with paths (lib/paths.ts), where the router types them.',
        },
      ],
    },
  },
];
