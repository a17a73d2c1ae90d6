import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const appImports = {
  group: ['@meridian/server', '@meridian/server/*', '@meridian/web', '@meridian/web/*', '**/apps/**'],
  message: 'packages/* are libraries: they never import apps.',
};

/**
 * Import boundaries (import-x/no-restricted-paths). Each layer lists what it must never
 * import; paths are relative to the repository root. The web layering is
 * app → features → entities → components / hooks → components/ui, lib (docs/architecture.md).
 * To add a layer or an app, add a zone list and a block below that applies it.
 */
const WEB = './apps/web/src';
const webFeatures = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webZones = [
  // A feature is one screen family: it shares code through entities, components and lib, never with another feature.
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features never import other features: move what both need into entities/, components/ or lib/.',
  })),
  {
    target: [`${WEB}/features`, `${WEB}/entities`, `${WEB}/components`, `${WEB}/hooks`, `${WEB}/lib`],
    from: `${WEB}/app`,
    message: 'Only main.tsx imports the app shell (routes, layout, providers).',
  },
  {
    target: [`${WEB}/entities`, `${WEB}/components`, `${WEB}/hooks`, `${WEB}/lib`],
    from: `${WEB}/features`,
    message: 'Entities, components, hooks and lib never import features: features build on them, not the reverse.',
  },
  {
    target: [`${WEB}/lib`, `${WEB}/components/ui`],
    from: [`${WEB}/entities`, `${WEB}/components`],
    except: ['./ui'],
    message: 'lib/ and components/ui are the bottom layer: no endpoints (entities) and no app widgets.',
  },
];

const packageZones = [
  { target: './packages', from: './apps', message: 'packages/* are libraries: they never import apps.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript files are modules import-x reads (extensions, parser); '@/…' resolves through tsconfig paths.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [appImports] }],
      'import-x/no-restricted-paths': ['error', { zones: packageZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Server modules depend on each other in one direction only (docs/architecture.md).
    files: ['apps/server/**/*.ts'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@meridian/server', '@meridian/server/*', '**/server/**'],
              message: 'The web app never imports the server: share types through @meridian/schemas.',
            },
            {
              group: ['@/entities/*/*'],
              message: 'Import an entity through its public index (@/entities/<entity>), not its files.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: webZones }],
      'import-x/no-cycle': 'error',
    },
  },
);
