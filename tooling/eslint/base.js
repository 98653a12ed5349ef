import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint runs once per workspace package, from its folder (turbo, `pnpm --filter X lint`): the kind
 * of package (an app or a shared package) and its feature folders are read from there.
 */
const packageDir = process.cwd();
const isSharedPackage = path.basename(path.dirname(packageDir)) === 'packages';
const featuresDir = path.join(packageDir, 'src/features');
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())
  : [];

const zones = [
  ...features.map(({ name }) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature: move what they share down.',
  })),
  ...(isSharedPackage
    ? [{ target: '.', from: '../../apps', message: 'A package never imports an app.' }]
    : []),
];

/** The dependency rules of ARCHITECTURE.md: apps -> packages -> contract, features stay apart. */
const architecture = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver()],
    // Without these the rules skip TypeScript files when they follow imports.
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  },
  rules: {
    // A cycle makes load order matter and hides which module owns what; type imports are fine.
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
    // A feature folder never imports another: what two features share moves down into lib/ or a
    // package. A package never reaches into an app's folder.
    'import-x/no-restricted-paths': zones.length > 0 ? ['error', { zones }] : 'off',
    'no-restricted-imports': isSharedPackage
      ? [
          'error',
          {
            patterns: [
              {
                group: ['@fansite/api', '@fansite/web', '@fansite/fm'],
                message: 'A package never imports an app.',
              },
              {
                group: ['@tanstack/react-router', '@tanstack/react-router/*'],
                message:
                  "A shared package never imports a router: take an href or use ui-kit's link provider.",
              },
            ],
          },
        ]
      : 'off',
  },
};

/**
 * Shared rules for every package: recommended JS and TypeScript checks, the architecture's
 * import rules. The rules that need types (a promise left floating or passed where nothing awaits
 * it, an await of a non-promise, a switch missing a case) run in oxlint, after ESLint, in each
 * package's `lint` script (oxlint-type-aware.json): ESLint building each package's TypeScript
 * program for them took two thirds of its time (docs/testing.md).
 */
export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'storybook-static/**',
      'coverage/**',
      '**/routeTree.gen.ts',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  architecture,
  // Command-line tools talk to a person through the console.
  { files: ['**/cli/**', '**/scripts/**'], rules: { 'no-console': 'off' } },
);
