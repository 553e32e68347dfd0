/**
 * Import rules of the code layout (docs/decisions/011-code-layout.md), checked by `npm run check`.
 * Type-only imports count: a type cycle couples modules as much as a value cycle.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle, type-only ones included.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-imports-only-shared',
      severity: 'error',
      comment: 'The browser code reaches the server only through src/shared (rules and API contracts).',
      from: { path: '^web/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'shared-depends-on-nothing',
      severity: 'error',
      comment: 'src/shared is used by server and browser: no dependencies beyond TypeBox.',
      from: { path: '^src/shared/' },
      to: { pathNot: ['^src/shared/', '^node_modules/@sinclair/typebox/'] },
    },
    {
      name: 'features-do-not-import-the-app',
      severity: 'error',
      comment: 'Routes receive their dependencies; only the entry points build the app.',
      from: { path: '^src/', pathNot: ['^src/cli/serve\\.ts$', '^src/app\\.ts$', '\\.test\\.tsx?$'] },
      to: { path: '^src/app\\.ts$' },
    },
    {
      name: 'features-import-the-storage-contract-only',
      severity: 'error',
      comment:
        'Every line that knows a database lives in src/storage (docs/decisions/028): the rest of the product imports its contract, and the entry points its opener. The SQLite-to-PostgreSQL copy is the one tool that knows both engines.',
      from: {
        path: '^src/',
        pathNot: ['^src/storage/', '\\.test\\.tsx?$', '^src/cli/copy-(to-postgres|from-sqlite)\\.ts$'],
      },
      to: { path: '^src/storage/', pathNot: '^src/storage/(contract|open)\\.ts$' },
    },
    {
      name: 'only-entry-points-open-storage',
      severity: 'error',
      comment: 'Features receive their stores; only the commands (src/cli, src/main.ts) open a database.',
      from: { path: '^src/', pathNot: ['^src/cli/', '^src/main\\.ts$', '^src/storage/', '\\.test\\.tsx?$'] },
      to: { path: '^src/storage/open\\.ts$' },
    },
    {
      name: 'only-open-picks-an-engine',
      severity: 'error',
      comment: 'The engine-neutral storage code (contract, encoding, long work) never imports an engine.',
      from: { path: '^src/storage/', pathNot: ['^src/storage/(open\\.ts|sqlite/|pg/)', '\\.test\\.tsx?$'] },
      to: { path: '^src/storage/(sqlite|pg)/' },
    },
    {
      name: 'engines-never-import-each-other',
      severity: 'error',
      comment: 'SQLite and PostgreSQL sit side by side: a third engine is one new folder.',
      from: { path: '^src/storage/(sqlite|pg)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/storage/(sqlite|pg)/', pathNot: '^src/storage/$1/' },
    },
    {
      name: 'no-test-support-in-the-product',
      severity: 'error',
      comment: 'Test support lives in test/support and never ships in the binary.',
      from: { path: '^(src|web)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^test/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: ['^bun$', '^bun:'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The contract consumer imports types generated at test time (test/contract.test.ts).
    exclude: { path: ['^(dist|node_modules)/', '^test/contract/consumer(-v1)?\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types', 'bun'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
