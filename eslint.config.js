import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * Architecture boundaries (README, "Architecture rules"), written with ESLint's own
 * `no-restricted-imports` (static imports, `import type`, `export ... from`) and `no-restricted-syntax`
 * (lazy `import()`), matched on the import's text with regular expressions. Relative paths mean
 * different folders at different depths, so each rule is built for the depth of the files it checks.
 */
const up = (n) => '\\.\\./'.repeat(n);

/** Components reach the server only through slice thunks: one client, one status, requests cancelled when a page is left. */
const axiosMessage = 'Components do not call the server: dispatch a slice thunk (createServerThunk, extra.http) instead.';
const noAxios = { paths: [{ name: 'axios', message: axiosMessage }], patterns: [{ group: ['**/api/http', 'axios/*'], message: axiosMessage }] };

/** The SPA never imports server code: the bundle would carry it, and the server's modules are not the API's contract. */
const noServer = {
  regex: '^(\\.\\./)+server(/|$)',
  message: 'src/ never imports server/: code both sides use lives in the root shared/ folder.',
};

/**
 * A feature imports another feature only through its public index.ts (`../cart`, not `../cart/cartSlice`),
 * so each feature decides what others may depend on and keeps its index light (no pages, no CSS).
 * `depth` is how many `../` lead from the checked files to src/features. Tests and testing/ helpers may also
 * use another feature's testing/ folder (fixtures, fakes), never its other internals.
 */
const featureInternals = (depth, { tests = false } = {}) => ({
  regex: `^${up(depth)}(\\.\\./features/)?(?!\\.)[^/]+/(?!index(\\.tsx?)?$${tests ? '|testing/' : ''})`,
  message: "Import another feature only through its index.ts (e.g. '../cart'); add what you need to that index.",
});

/** ui/, api/ and i18n/ sit below the features: they never import one (shared pieces move down into ui/). */
const anyFeature = {
  regex: '^(\\.\\./)+features(/|$)',
  message: 'ui/, api/ and i18n/ are shared by every feature and import none: move what they need into ui/ or pass it in.',
};

/**
 * A lazy `import()` of another feature is a chunk boundary, allowed for a component module only (a page,
 * a settings tab, a modal: PascalCase file names), so slices and helpers still go through the index.
 */
const lazyNonComponent = (depth) => ({
  selector: `ImportExpression[source.value=/^${up(depth).replaceAll('/', '\\x2F')}(\\.\\.\\x2Ffeatures\\x2F)?[a-z][^\\x2F]*\\x2F(?![A-Z])/]`,
  message: 'A lazy import() of another feature may load only one of its components (PascalCase file); use its index.ts for anything else.',
});

/** The no-restricted-imports entry for a group of files (one entry per file: a later block would replace it, not add to it). */
const restrictImports = ({ components = false, patterns }) => [
  'error',
  { paths: components ? noAxios.paths : [], patterns: [...(components ? noAxios.patterns : []), noServer, ...patterns] },
];

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'data', 'coverage', '.tmp'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },

  // ── The SPA's boundaries ────────────────────────────────────────────────────────────────────────
  // src/app (router, store, layout) and main.tsx compose the features: they may import any feature
  // module (the router lazy-loads pages, the store takes slices). Only the server is out of bounds.
  { files: ['src/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictImports({ patterns: [] }) } },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/api/**/*.{ts,tsx}', 'src/i18n/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports({ patterns: [anyFeature] }) },
  },
  { files: ['src/ui/**/*.tsx'], rules: { 'no-restricted-imports': restrictImports({ components: true, patterns: [anyFeature] }) } },
  // A feature's own files (src/features/<area>/*), then one folder deeper (src/features/<area>/testing/*);
  // features have no deeper folders today (a new depth needs its entry here).
  // Tests and testing/ helpers reach their own feature freely, and other features' index or testing/.
  ...[1, 2].flatMap((depth) => {
    const here = `src/features/*/${'*/'.repeat(depth - 1)}`;
    return ['ts', 'tsx']
      .flatMap((ext) => {
        const components = ext === 'tsx';
        const testFiles = [`${here}*.test.${ext}`, ...(depth === 2 ? [`src/features/*/testing/*.${ext}`] : [])];
        return [
          { files: [`${here}*.${ext}`], rules: { 'no-restricted-imports': restrictImports({ components, patterns: [featureInternals(depth)] }) } },
          { files: testFiles, rules: { 'no-restricted-imports': restrictImports({ components, patterns: [featureInternals(depth, { tests: true })] }) } },
        ];
      })
      .concat({ files: [`${here}*.{ts,tsx}`], rules: { 'no-restricted-syntax': ['error', lazyNonComponent(depth)] } });
  }),

  // ── The server's boundaries ─────────────────────────────────────────────────────────────────────
  {
    // Routes hold HTTP only: they call a service, which holds the rules and access checks and is the
    // only caller of repositories (SQL). A route reading a repository skips those checks.
    // Role checks are access rules too, so they live in services (allowRoles); a route only asks who is
    // signed in (requireViewer) and passes the viewer on. One layer, so no route can forget or duplicate one.
    files: ['server/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)([^/]*-)?repository(\\.js|\\.ts)?$', message: 'Routes call services, never a repository: move the query behind a service method.' },
            {
              regex: '(^|/)plugins/auth(\\.js|\\.ts)?$',
              importNames: ['allowRoles'],
              message: 'Role checks live in services: pass requireViewer(request) to the service and let it call allowRoles.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
  },
);
