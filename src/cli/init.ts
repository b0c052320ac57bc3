// `docs init`: a docs.config.yaml, a starter tree in Git Sync format (one of the space templates), and the store ignored
// by git. Everything is checked before anything is written, and no existing file is ever overwritten.
import { cpSync, existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { CONFIG_FILE } from '../config/constants.js';
import { TEMPLATES_DIR } from '../platform/templates-dir.js';
import { type GlobalOptions, UsageError } from './util.js';

interface InitFlags {
  dir?: string;
  title?: string;
  template: string;
  json?: boolean;
}

export interface InitReport {
  config: string;
  space: string;
  /** The documentation's folder, relative to the config file's. */
  directory: string;
  /** Files written, relative to the working directory. */
  created: string[];
  /** The folder already held documentation: it was kept as it is. */
  existingContent: boolean;
  gitignore: 'created' | 'updated' | 'unchanged';
}

const STORE_DIR = '.docs';
const DOCS_MARKERS = ['SUMMARY.md', '.gitbook.yaml', 'docs.yaml', 'gitbook-docs.yaml'];

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('set up Quire here: docs.config.yaml, a starter docs/ tree (unless there is documentation already), and .docs/ in .gitignore')
    .option('--dir <folder>', 'the folder of the documentation (default: "." when it holds SUMMARY.md or .gitbook.yaml, else docs)')
    .option('--title <title>', 'the title of the space and its organization (default: from the folder name)')
    .option('--template <id>', `the starter pages (${templateIds().join(', ')})`, 'product-docs')
    .option('--json', 'print what was created as one JSON object')
    .action((_flags: InitFlags, command: Command) => {
      const flags = command.optsWithGlobals<GlobalOptions & InitFlags>();
      const report = init(process.cwd(), flags);
      process.stdout.write(flags.json ? `${JSON.stringify(report)}\n` : describe(report, flags.config));
    });
}

export function init(cwd: string, flags: InitFlags & GlobalOptions): InitReport {
  const configFile = resolve(cwd, flags.config ?? CONFIG_FILE);
  // Relative paths of the config are read from its folder: the documentation and the store sit there.
  const root = dirname(configFile);
  const shown = (path: string) => relative(cwd, path).split('\\').join('/') || '.';
  if (existsSync(configFile)) throw new UsageError(`${shown(configFile)} already exists: nothing was changed`);
  if (!existsSync(root) || !lstatSync(root).isDirectory()) throw new UsageError(`${shown(root)}: no such folder for the config file`);
  if (!templateIds().includes(flags.template)) throw new UsageError(`--template ${flags.template}: expected one of ${templateIds().join(', ')}`);
  if (flags.title !== undefined && (flags.title.trim() === '' || flags.title.length > 100)) throw new UsageError('--title: expected 1 to 100 characters');

  const folder = resolve(root, flags.dir ?? (holdsDocs(root) ? '.' : 'docs'));
  const directory = relative(root, folder).split('\\').join('/') || '.';
  const named = flags.dir === undefined ? directory : `--dir ${flags.dir}`;
  if (isAbsolute(directory) || directory.startsWith('..')) throw new UsageError(`${named}: must be inside ${root}`);
  const existing = folderState(folder, named);
  const gitignore = join(root, '.gitignore');
  if (existsSync(gitignore) && !lstatSync(gitignore).isFile()) throw new UsageError(`${shown(gitignore)} is not a regular file: nothing was changed`);

  const title = flags.title?.trim() ?? titleOf(basename(root));
  const created: string[] = [];
  if (existing === 'absent') {
    const template = join(TEMPLATES_DIR, flags.template);
    cpSync(template, folder, { recursive: true, force: false, errorOnExist: true, filter: (src) => basename(src) !== 'template.yaml' });
    created.push(
      ...listFiles(template)
        .filter((f) => f !== 'template.yaml')
        .map((f) => shown(join(folder, f))),
    );
  }
  writeFileSync(configFile, configText(title, directory), { flag: 'wx' });
  created.unshift(shown(configFile));
  return { config: shown(configFile), space: title, directory, created, existingContent: existing === 'docs', gitignore: ignoreStore(gitignore) };
}

/** `absent` (missing or empty: the starter goes there), `docs` (kept), or an error for a folder of other things. */
function folderState(folder: string, named: string): 'absent' | 'docs' {
  if (!existsSync(folder)) return 'absent';
  const stat = lstatSync(folder);
  if (stat.isSymbolicLink()) throw new UsageError(`${named}: a symbolic link; give the folder itself`);
  if (!stat.isDirectory()) throw new UsageError(`${named}: not a folder`);
  if (readdirSync(folder).length === 0) return 'absent';
  if (holdsDocs(folder) || listFiles(folder).some((f) => f.toLowerCase().endsWith('.md'))) return 'docs';
  throw new UsageError(`${named} holds other files but no markdown page: pick a folder for the documentation with --dir`);
}

function configText(title: string, directory: string): string {
  const quoted = JSON.stringify(title);
  return [
    '# Quire: every key is described in the manual (Reference > Configuration file).',
    'organizations:',
    `  - title: ${quoted}`,
    '',
    '# The spaces `docs sync` imports, and `docs watch` previews.',
    'spaces:',
    `  - title: ${quoted}`,
    `    directory: ${JSON.stringify(directory)}`,
    '',
    '# Where Quire keeps its database and files (ignored by git).',
    'storage:',
    `  dir: ${STORE_DIR}`,
    '',
  ].join('\n');
}

/** Adds the store folder to .gitignore (created if missing, in its own line endings); an entry for it is left alone. */
function ignoreStore(file: string): InitReport['gitignore'] {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const entries = (text ?? '').split(/\r?\n/).map((line) => line.trim());
  if (entries.some((line) => [STORE_DIR, `${STORE_DIR}/`, `/${STORE_DIR}`, `/${STORE_DIR}/`].includes(line))) return 'unchanged';
  const eol = text?.includes('\r\n') ? '\r\n' : '\n';
  const prefix = text === null || text === '' || text.endsWith('\n') ? '' : eol;
  writeFileSync(file, `${text ?? ''}${prefix}# Quire's store (database and files)${eol}${STORE_DIR}/${eol}`);
  return text === null ? 'created' : 'updated';
}

function describe(report: InitReport, config: string | undefined): string {
  const docs = config ? `docs -c ${config}` : 'docs';
  const lines = [
    ...report.created.map((path) => `created ${path}`),
    ...(report.existingContent
      ? [`kept ${report.directory === '.' ? 'the existing pages' : `${report.directory}/`} as it is (it already holds documentation)`]
      : []),
    ...(report.gitignore === 'unchanged' ? [] : [`${report.gitignore} .gitignore (ignores ${STORE_DIR}/, Quire's store)`]),
    '',
    'Next:',
    `  ${docs} watch                 # preview while you write`,
    '  git add -A && git commit   # docs sync reads committed files (or pass --work-tree)',
    `  ${docs} sync                  # import into the store`,
    `  ${docs} build --out public    # the static site`,
  ];
  return `${lines.join('\n')}\n`;
}

const titleOf = (name: string) => {
  const words = name.replace(/[-_.]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Documentation';
};

const holdsDocs = (dir: string) => DOCS_MARKERS.some((f) => existsSync(join(dir, f)));

/** Files under `dir` (relative paths), skipping hidden folders other than .gitbook, and node_modules. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && (!entry.name.startsWith('.') || entry.name === '.gitbook')) walk(join(abs, entry.name), path);
      } else out.push(path);
    }
  };
  walk(dir, '');
  return out.sort();
}

function templateIds(): string[] {
  return readdirSync(TEMPLATES_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}
