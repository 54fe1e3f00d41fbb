import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// The layers' boundaries (docs/architecture.md, "Who imports whom"), checked on every lint; import circles are
// checked by dpdm in `npm run lint` (type imports included, which eslint's cycle rule skips).
const FEATURES = readdirSync('src/web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const BOUNDARIES = [
  { target: './machines', from: './src', message: 'machines import no app code' },
  {
    target: './src/contract',
    from: ['./src/server', './src/web'],
    message: 'the contract imports only machines',
  },
  { target: './src/server', from: './src/web', message: 'the server never imports the web' },
  { target: './src/web', from: './src/server', message: 'the web never imports the server' },
  {
    target: './src/server/**/!(main).ts',
    from: './src/server/app.ts',
    message: 'only main.ts builds the app; parts take AppDeps from deps.ts',
  },
  {
    target: './src/server/routes/!(index).ts',
    from: './src/server/routes',
    message: 'a route file never imports another; routes/index.ts registers them all',
  },
  ...FEATURES.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'a feature never imports another feature; share through components/ or lib/',
  })),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'storybook-static/',
      'node_modules/',
      'drizzle/',
      'data/',
      'coverage/',
      '.tmp/',
      'screenshots/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: BOUNDARIES }],
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['tests/**', 'bench/**', 'stories/**', '.storybook/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
