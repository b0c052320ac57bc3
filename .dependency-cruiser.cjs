// The layers of DESIGN §1, checked on every CI run (`npm run lint`):
//   cli -> server | site | gitsync -> domain -> store, every layer may use model/, content/, config/ and platform/;
//   model/ and content/ are pure (no I/O, no other layer); nothing imports upwards; no cycles.
// A type-only import of store/ (the Store interface passed along) is allowed above domain/; a runtime one is not.
const layer = (name) => `^src/${name}/`;
const IO =
  '^(node:)?(fs|fs/promises|net|http|https|http2|dns|child_process|worker_threads|cluster|dgram|tls|module|os)$|^(better-sqlite3|isomorphic-git|write-file-atomic|piscina|chokidar|yauzl)$|^isomorphic-git/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle of runtime imports: modules that cannot load one without the other.',
      from: { path: '^src/' },
      to: { circular: true, dependencyTypesNot: ['type-only'], viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'model-is-vocabulary',
      severity: 'error',
      comment: 'model/ imports no other layer of Quire.',
      from: { path: layer('model') },
      to: { path: '^src/', pathNot: layer('model') },
    },
    {
      name: 'content-is-pure',
      severity: 'error',
      comment: 'content/ transforms values: it uses model/ and nothing else of Quire.',
      from: { path: layer('content') },
      to: { path: '^src/', pathNot: [layer('content'), layer('model')] },
    },
    {
      name: 'no-io-in-pure-layers',
      severity: 'error',
      comment: 'model/ and content/ do no I/O: no files, network, processes, threads or database.',
      from: { path: [layer('model'), layer('content')] },
      to: { path: IO, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'platform-knows-no-layer',
      severity: 'error',
      comment: 'platform/ is infrastructure (fetch, workers, folders): it knows nothing of the layers that use it.',
      from: { path: layer('platform') },
      to: { path: '^src/', pathNot: [layer('platform'), layer('model')] },
    },
    {
      name: 'config-knows-no-layer',
      severity: 'error',
      from: { path: layer('config') },
      to: { path: '^src/', pathNot: [layer('config'), layer('model'), layer('platform')] },
    },
    {
      name: 'store-below-domain',
      severity: 'error',
      comment: 'store/ persists the model; it knows nothing of the rules above it.',
      from: { path: layer('store') },
      to: { path: '^src/', pathNot: [layer('store'), layer('model'), layer('platform')] },
    },
    {
      name: 'sqlite-behind-the-interface',
      severity: 'error',
      comment: 'Outside store/, the store is its interface: the SQLite implementation is reached through store/index.ts.',
      from: { path: '^src/', pathNot: layer('store') },
      to: { path: '^src/store/sqlite/' },
    },
    {
      name: 'store-through-its-entry',
      severity: 'error',
      comment: 'Outside store/, the store is reached through store/index.ts, its public entry, never through its modules.',
      from: { path: '^src/', pathNot: layer('store') },
      to: { path: layer('store'), pathNot: '^src/store/index\\.ts$' },
    },
    {
      name: 'domain-knows-no-transport',
      severity: 'error',
      comment: 'domain/ holds the rules; it never imports the layers that call it.',
      from: { path: layer('domain') },
      to: { path: [layer('cli'), layer('server'), layer('site'), layer('gitsync')] },
    },
    {
      name: 'store-only-through-domain',
      severity: 'error',
      comment: 'Above domain/, the store is only passed along (type-only imports); reads and writes go through domain/.',
      from: { path: [layer('server'), layer('site'), layer('gitsync')] },
      to: { path: layer('store'), dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'middle-layers-apart',
      severity: 'error',
      comment: 'server/, site/ and gitsync/ sit side by side under cli/: none imports another (cli/ wires them together).',
      from: { path: layer('(server|site|gitsync)') },
      to: { path: layer('(server|site|gitsync)'), pathNot: '^src/$1/' },
    },
    {
      name: 'root-files-import-nothing',
      severity: 'error',
      comment: 'A file directly under src/ (version.ts) belongs to no layer: every layer may use it, so it uses none.',
      from: { path: '^src/[^/]+$' },
      to: { path: '^src/' },
    },
    {
      name: 'cli-on-top',
      severity: 'error',
      from: { path: '^src/', pathNot: layer('cli') },
      to: { path: layer('cli') },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true, pathNot: '^(mdast|hast|unist)$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
