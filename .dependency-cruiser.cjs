// The direction of imports (issue 13, style.md "Ports and one composition root"), checked by
// `npm run lint:arrows` in CI. test/foundation/arrows.test.ts proves each rule still fires.
// Paths are relative to the repository root; type-only imports count (tsPreCompilationDeps).

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-front-door',
      comment: 'A module reaches another module only through its index.ts (its factory, plugin and public types).',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'src-not-to-views',
      comment: 'Only the composition root (src/app.ts) imports views/: it hands the layout, error pages and page components to the plugins.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/app\\.ts$' },
      to: { path: '^views/' },
    },
    {
      name: 'views-not-to-services',
      comment: 'Views (islands included) import validation, schemas and types, never a service or a repository.',
      severity: 'error',
      from: { path: '^views/' },
      to: { path: '^src/modules/.+[/.-](service|repository)\\.tsx?$' },
    },
    {
      name: 'ports-not-to-modules',
      comment: 'A port (storage, mail, jobs, limits, clock, db) knows nothing of modules; modules receive ports. background/ is what jobs/ replaces.',
      severity: 'error',
      from: { path: '^src/(storage|mail|jobs|background|limits|clock|db)/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'render-not-to-modules',
      comment: 'The renderer (src/render/) is a port: the session\'s user and whatever else it shows come from src/shared/, never from a module.',
      severity: 'error',
      from: { path: '^src/render/' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'mail-not-to-jobs',
      comment: 'The mail port sends; the jobs port (the outbox, its worker) calls it, never the other way: a transport knows no queue.',
      severity: 'error',
      from: { path: '^src/mail/' },
      to: { path: '^src/jobs/' },
    },
    {
      name: 'services-not-to-http',
      comment: 'A service (service.ts, *-service.ts) knows nothing of HTTP (issue 30): it throws DomainError (src/shared/domain-error.ts), and the HTTP edge says it.',
      severity: 'error',
      from: { path: '^src/modules/.+[/-]service\\.tsx?$' },
      to: { path: '^src/http/' },
    },
    {
      name: 'no-cycle',
      comment: 'No cycle, type-only imports included: a cycle is an arrow pointing both ways.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // The application's own code; scripts, tests and migrations are not checked.
    includeOnly: '^(src|views)/',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.d\\.ts$' },
    // `import type` is an arrow too: a module's inner types are its insides.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
}
