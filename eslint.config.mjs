import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '.nx/**'],
  },
  {
    // Infra scripts, webpack and jest configs: the recommended rules without type information
    // (no-undef stays off as in the TypeScript rules; Node's globals are not listed here).
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/webpack.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommended],
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `void promise` is not a way out (issue 22: a voided rejection stopped messaging). Fastify's
      // reply is thenable but never rejects, so calls on it need no handling; docs/adr/0017.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          ignoreVoid: false,
          allowForKnownSafePromises: [
            { from: 'package', name: 'FastifyReply', package: 'fastify' },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'scope:backend',
              onlyDependOnLibsWithTags: ['scope:backend', 'scope:shared'],
            },
            {
              sourceTag: 'scope:frontend',
              onlyDependOnLibsWithTags: ['scope:frontend', 'scope:shared'],
            },
            {
              // End-to-end suites drive the system from outside: any shared, backend (test
              // harness) or frontend library, never an app's source.
              sourceTag: 'scope:e2e',
              onlyDependOnLibsWithTags: [
                'scope:e2e',
                'scope:shared',
                'scope:backend',
                'scope:frontend',
              ],
            },
            {
              sourceTag: 'type:contracts',
              onlyDependOnLibsWithTags: ['type:util', 'type:contracts'],
            },
            { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
            {
              sourceTag: 'type:data-access',
              onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:data-access'],
            },
            { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:util', 'type:ui'] },
            {
              sourceTag: 'type:kit',
              onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:data-access'],
            },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: [
                'type:util',
                'type:contracts',
                'type:data-access',
                'type:kit',
                'type:ui',
              ],
            },
            {
              sourceTag: 'type:e2e',
              onlyDependOnLibsWithTags: ['type:util', 'type:contracts', 'type:data-access'],
            },
          ],
        },
      ],
    },
  },
  {
    // In the browser a voided promise cannot stop a process: React Query's invalidations and the
    // realtime client's reconnects are voided by design (their errors surface in their own state).
    files: ['frontends/**/*.{ts,tsx}', 'libs/{ui,web}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }] },
  },
  {
    // Decorator metadata needs value imports for Nest DI; type-only imports would erase them.
    files: [
      'services/**/*.ts',
      'gateway/**/*.ts',
      'libs/{auth,cache,config,db,events,http,service-kit}/**/*.ts',
    ],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // class-validator's IsOptional() skips every rule for null too, so a null reached handlers
    // and NOT NULL columns (a 500 the API fuzz found); libs/http/src/validators.ts says more.
    files: ['services/**/*.ts', 'gateway/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          name: 'class-validator',
          importNames: ['IsOptional'],
          message:
            "Use Omittable() (may be left out, null refused) or Nullable() (null accepted) from '@loadout/http'.",
        },
      ],
    },
  },
  {
    // One wire contract per API (issue 29 item 4): a DTO class (request body, query, or a
    // documented answer) implements its type from @loadout/contracts, so the service and its
    // clients cannot drift apart. A DTO extending another still names its own contract.
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ClassDeclaration[id.name=/Dto$/][implements.length=0]',
          message:
            'A DTO implements its wire type from @loadout/contracts (add the type there if it is missing).',
        },
      ],
    },
  },
  {
    // The domain in the middle (style guide, issue 29): domain folders import no framework, no
    // ORM and no persistence. `@loadout/db/keys` (ids, keyset cursors) is pure and allowed.
    files: ['services/*/src/**/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typeorm', message: 'Domain code imports no ORM: use a repository port.' },
            {
              name: '@loadout/db',
              message: "The barrel brings the data source: import '@loadout/db/keys'.",
            },
            {
              name: 'class-validator',
              message: 'Validation decorators belong to DTOs at the boundary.',
            },
          ],
          patterns: [
            { group: ['@nestjs/*'], message: 'Domain code imports no framework.' },
            {
              group: ['**/persistence', '**/persistence/**'],
              message: 'Domain code never imports persistence; persistence imports the domain.',
            },
            {
              group: ['**/*.dto', '**/*.controller', '**/*.entity'],
              message:
                'Domain code takes contract or domain types, not DTOs, controllers or entities.',
            },
          ],
        },
      ],
    },
  },
  {
    // One router at run time, tree-shaken: frontends take it from @loadout/web (issue 12).
    files: ['frontends/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    ignores: ['libs/web/src/router.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['react-router', 'react-router-dom'].map((name) => ({
          name,
          message:
            "Import the router from '@loadout/web' (libs/web/src/router.ts): a second import path bundles a second, untrimmed router.",
        })),
      ],
    },
  },
  {
    files: ['frontends/**/*.tsx', 'libs/{ui,web}/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  prettier,
);
