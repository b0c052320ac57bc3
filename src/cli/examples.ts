// The examples every `--help` ends with, by command.
import type { Command } from 'commander';

const EXAMPLES: Record<string, string[]> = {
  docs: [
    'docs init                          # a docs.config.yaml and a starter docs/ in this repository',
    'docs sync                          # import the spaces of docs.config.yaml (and export API edits as commits)',
    'docs watch                         # live preview while you write',
    'docs build --out public            # the static site, ready for any static host',
    'docs serve                         # the API at /v1/ and the published sites',
  ],
  init: ['docs init', 'docs init --title "Acme Handbook" --dir handbook', 'docs init --json'],
  sync: [
    'docs sync                                   # the spaces listed in docs.config.yaml',
    'docs sync docs --space Handbook             # one folder of a git repository: its last commit',
    'docs sync docs --space Handbook --work-tree # the files on disk, uncommitted edits included',
    'docs sync . --ref release-2.0               # a branch: a change request of its space',
    'docs sync --conflict fail --json            # in CI: stop on a true conflict, report as JSON',
  ],
  build: [
    'docs build --out public',
    'docs build --space Handbook --out public --site-url https://docs.example.com',
    'docs build --site docs --base /docs/ --out public',
    'docs build --no-strict-links               # report broken links as warnings',
  ],
  publish: ['docs publish --out public', 'docs publish --site handbook --site-url https://docs.example.com --json'],
  watch: ['docs watch', 'docs watch docs --space Handbook --port 5000', 'docs watch --sync       # also move the spaces in the project store'],
  serve: ['docs serve', 'docs serve --port 8080 --host 0.0.0.0', 'DOCS_TOKEN=$(cat token) docs serve'],
  start: ['npm start                 # in a Quire checkout: its own manual', 'docs start --port 0       # any free port'],
  token: ['docs token create', 'docs token create --role read --email reader@example.com --json'],
  migrate: [
    "docs migrate --to postgres://docs@db.internal:5432/docs   # this project's store (storage.dir)",
    'DOCS_DATABASE_URL=postgres://docs@db/docs docs migrate --from /srv/quire/.docs',
  ],
  'token create': ['docs token create', 'docs token create --role edit --email writer@example.com --label "CI bot"', 'docs token create --json'],
};

/** Adds an "Examples:" section to the help of the program and of every command that has examples. */
export function addExamples(program: Command): void {
  const visit = (command: Command, path: string) => {
    const examples = EXAMPLES[path || 'docs'];
    if (examples) command.addHelpText('after', `\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}\n`);
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, '');
}

/** The command paths that have examples (a test checks every command has some). */
export const EXAMPLE_COMMANDS = Object.keys(EXAMPLES);
