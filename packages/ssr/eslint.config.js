import react from '@fansite/eslint-config/react';

export default [
  ...react,
  {
    // The one shared package that renders an app's router: the rendering module (server.tsx)
    // loads and renders the router it is given, and the browser's start runs the router's module
    // before the app's (browser/libraries). It still never imports an app.
    files: ['src/server.tsx', 'src/browser/libraries/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@fansite/api', '@fansite/web', '@fansite/fm'],
              message: 'A package never imports an app.',
            },
          ],
        },
      ],
    },
  },
];
