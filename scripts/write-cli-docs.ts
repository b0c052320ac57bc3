/**
 * Writes docs/reference/commands.md from the `docs` command's own definition (buildProgram(), a commander Command
 * tree): every command and subcommand, its arguments, every option with its default, the examples its --help adds,
 * and the exit codes. Run by `npm run docs:reference`; test/e2e/manual.test.ts checks the committed page is current.
 *
 *   tsx scripts/write-cli-docs.ts               writes docs/reference/commands.md
 *   tsx scripts/write-cli-docs.ts --out <dir>   writes <dir>/commands.md instead
 *   tsx scripts/write-cli-docs.ts --check       exits 1 when docs/reference/commands.md is not what it would write
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReferencePage } from './reference-page.js';
import type { Argument, Command, Option } from 'commander';
import { buildProgram } from '../src/cli/main.js';

const FILE = 'commands.md';

/** The exit codes every command follows. */
const EXIT_CODES: Array<[code: string, meaning: string]> = [
  ['0', 'Success. Warnings (on stderr) do not change it.'],
  [
    '1',
    "Failure: the command was called right but could not do its work: a sync conflict under `--conflict fail`, broken links in a build (without `--no-strict-links`), a sync that would remove most of a space's pages, a folder with no markdown page, nothing synced yet, a database that cannot be reached, or the machine refusing (a permission, a full disk).",
  ],
  [
    '2',
    'Usage error: an unknown command or option (with the one you most likely meant), a bad flag value, a `<dir>` that does not exist or is a file, a malformed `DOCS_DATABASE_URL` or `DOCS_SECRET_KEY` (or a database without the key), or a mistake in `docs.config.yaml` (with its file, line and key).',
  ],
];

export function renderCommands(program: Command = buildProgram()): string {
  const commands = walk(ordered(program)).filter((c) => c !== program && !hidden(c));
  const out: string[] = [
    '---',
    'description: Every docs command, its arguments and options with their defaults, its examples, and the exit codes.',
    '---',
    '',
    '# Commands',
    '',
    '{% hint style="info" %}',
    "This page is generated from the command's own definition by `scripts/write-cli-docs.ts`. After changing a command, run `npm run docs:reference`.",
    '{% endhint %}',
    '',
    `The command is \`${program.name()}\` (\`quire\` is an alias). Every command prints its help with \`--help\`.`,
    '',
    '| Command | What it does |',
    '| --- | --- |',
    ...commands.map((c) => `| [\`${path(c)}\`](#${anchor(path(c))}) | ${cell(sentence(c.description()))} |`),
    '',
    ...helpText(program, ['before', 'after']),
    '## Global options',
    '',
    'These go before or after the command name: `docs -c site/docs.config.yaml build` or `docs build -c site/docs.config.yaml`.',
    '',
    ...optionTable(globalOptions(program)),
    ...helpText(program, ['beforeAll', 'afterAll']),
    '## Exit codes',
    '',
    'Every command exits with one of these codes. Results go to stdout; warnings, progress and errors go to stderr.',
    '',
    '| Code | Meaning |',
    '| --- | --- |',
    ...EXIT_CODES.map(([code, meaning]) => `| \`${code}\` | ${cell(meaning)} |`),
    '',
  ];
  for (const command of commands) out.push(...renderCommand(command));
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

function renderCommand(command: Command): string[] {
  const out = [`## ${path(command)}`, '', sentence(command.description()), '', '```', usage(command), '```', ''];
  const subcommands = command.commands.filter((c) => !hidden(c));
  if (subcommands.length) {
    out.push('Subcommands:', '', ...subcommands.map((c) => `* [\`${path(c)}\`](#${anchor(path(c))}): ${sentence(c.description())}`), '');
  }
  const args = command.registeredArguments;
  if (args.length) {
    out.push('| Argument | Description |', '| --- | --- |');
    for (const arg of args) out.push(`| \`${argumentName(arg)}\` | ${cell(argumentDescription(arg))} |`);
    out.push('');
  }
  const options = command.options.filter((o) => !o.hidden);
  if (options.length) out.push(...optionTable(options));
  else if (!subcommands.length) out.push('No options besides the [global options](#global-options).', '');
  out.push(...helpText(command, ['before', 'after']));
  return out;
}

/** A table of options; the Default column only when one of them has a default. */
function optionTable(options: readonly Option[]): string[] {
  const defaults = options.some((o) => optionDefault(o) !== '');
  const row = (o: Option) => `| ${cell(`\`${o.flags}\``)} | ${cell(optionDescription(o))} |${defaults ? ` ${cell(optionDefault(o))} |` : ''}`;
  return [
    defaults ? '| Option | Description | Default |' : '| Option | Description |',
    defaults ? '| --- | --- | --- |' : '| --- | --- |',
    ...options.map(row),
    '',
  ];
}

function optionDescription(option: Option): string {
  let text = sentence(option.description);
  if (option.argChoices?.length) text += ` One of ${option.argChoices.map((c) => `\`${c}\``).join(', ')}.`;
  if (option.envVar) text += ` Also read from \`${option.envVar}\`.`;
  if (option.mandatory) text += ' Required.';
  return text;
}

function optionDefault(option: Option): string {
  if (option.defaultValueDescription) return option.defaultValueDescription;
  // A `--no-x` flag's implicit default (true) says nothing a reader needs.
  if (option.defaultValue !== undefined && !option.negate)
    return `\`${typeof option.defaultValue === 'string' ? option.defaultValue : JSON.stringify(option.defaultValue)}\``;
  return '';
}

function argumentName(arg: Argument): string {
  const name = `${arg.name()}${arg.variadic ? '...' : ''}`;
  return arg.required ? `<${name}>` : `[${name}]`;
}

function argumentDescription(arg: Argument): string {
  let text = sentence(arg.description || '');
  text += arg.required ? ' Required.' : ' Optional.';
  if (arg.argChoices?.length) text += ` One of ${arg.argChoices.map((c) => `\`${c}\``).join(', ')}.`;
  if (arg.defaultValue !== undefined) text += ` Default: \`${String(arg.defaultValue)}\`.`;
  return text.trim();
}

/** The options every command accepts: the program's own, and help. */
function globalOptions(program: Command): Option[] {
  const help = (program as Command & { _getHelpOption?: () => Option | null })._getHelpOption?.();
  return [...program.options.filter((o) => !o.hidden), ...(help ? [help] : [])];
}

/** Text the command adds to its --help (addHelpText): usually its examples. */
function helpText(command: Command, positions: readonly string[]): string[] {
  const out: string[] = [];
  for (const position of positions) {
    let text = '';
    command.emit(`${position}Help`, { error: false, command, write: (s: string) => (text += s) });
    if (text.trim()) out.push(...helpBlock(text));
  }
  return out;
}

/**
 * A block of help text: a first line ending with ":" (`Examples:`) becomes a bold label, and the lines under it a
 * code block (`sh` when every line is a command or a comment).
 */
function helpBlock(text: string): string[] {
  const lines = text.replace(/\s+$/, '').split('\n');
  while (lines.length && !lines[0]!.trim()) lines.shift();
  const title = /^\s*([^\s].*):\s*$/.exec(lines[0] ?? '')?.[1];
  const body = title ? lines.slice(1) : lines;
  const indent = Math.min(...body.filter((l) => l.trim()).map((l) => /^ */.exec(l)![0].length));
  let code = body.map((l) => l.slice(Number.isFinite(indent) ? indent : 0));
  // A prompt before every command (`$ docs sync`) is left out, so the lines copy as they run.
  if (code.some((l) => l.trim()) && code.every((l) => !l.trim() || l.startsWith('$ '))) code = code.map((l) => l.slice(2));
  const shell = code.every((l) => !l.trim() || /^(\$ |#|(docs|quire|npm|npx|git|curl|cd|sudo) |[A-Z_]+=)/.test(l.trim()));
  return [...(title ? [`**${title}**`, ''] : []), `\`\`\`${shell ? 'sh' : 'text'}`, ...code, '```', ''];
}

/** The order a reader meets the commands in; commands not listed follow in the order they were registered. */
const ORDER = ['init', 'sync', 'watch', 'build', 'publish', 'serve', 'start', 'token'];

function ordered(program: Command): Command {
  const rank = (c: Command) => {
    const i = ORDER.indexOf(c.name());
    return i < 0 ? ORDER.length : i;
  };
  const sorted = program.commands
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
  (program.commands as Command[]).splice(0, program.commands.length, ...sorted);
  return program;
}

function walk(command: Command): Command[] {
  return [command, ...command.commands.flatMap(walk)];
}

function hidden(command: Command): boolean {
  return (command as Command & { _hidden?: boolean })._hidden === true;
}

/** `docs token create`. */
function path(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function usage(command: Command): string {
  const parent = command.parent ? `${path(command.parent)} ` : '';
  return `${parent}${command.name()} ${command.usage()}`.trim();
}

/** The heading id of `docs token create`: `docs-token-create`. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .replace(/ /g, '-');
}

/** A description as a sentence: capital first letter, final full stop, `<dir>` and `--flag` as code. */
function sentence(text: string): string {
  let s = text.trim();
  if (!s) return '';
  s = s.replace(/(^|[\s(])(--?[a-z][a-z-]*(?: <[^>]+>)?|<[a-z|-]+>|\[[a-z]+\])(?=[\s),.;:]|$)/g, (_m, before: string, code: string) => `${before}\`${code}\``);
  s = s.replace(/\bhttps?:\/\/[^\s)]+/g, (url) => `\`${url}\``);
  s = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/** Text for a table cell: pipes escaped, no line breaks. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) writeReferencePage(FILE, () => renderCommands(), process.argv.slice(2));
