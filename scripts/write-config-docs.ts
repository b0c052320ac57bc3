/**
 * Writes docs/reference/configuration.md from the JSON Schema of docs.config.yaml (schema/docs.config.schema.json,
 * made by scripts/write-config-schema.ts from src/config/schema.ts): every key as a dotted path, with its type,
 * default, allowed values and description, and a full example. Run by `npm run docs:reference`;
 * test/e2e/manual.test.ts checks the committed page is current.
 *
 * A key's description is the schema's `description` when it has one, else the entry of DESCRIPTIONS below. A key
 * with neither, an entry for a key the schema no longer has, and an example that is not a valid config or leaves
 * a key out all stop the script, so the page cannot fall behind the schema.
 *
 *   tsx scripts/write-config-docs.ts               writes docs/reference/configuration.md
 *   tsx scripts/write-config-docs.ts --out <dir>   writes <dir>/configuration.md instead
 *   tsx scripts/write-config-docs.ts --check       exits 1 when docs/reference/configuration.md is not what it would write
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeReferencePage } from './reference-page.js';
import { parse } from 'yaml';
import { parseConfig } from '../src/config/load.js';

const FILE = 'configuration.md';
const SCHEMA = fileURLToPath(new URL('../schema/docs.config.schema.json', import.meta.url));

interface JsonSchema {
  type?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
}

/** Descriptions of the keys the schema does not describe yet, by dotted path (`[]` marks a list's items). */
const DESCRIPTIONS: Record<string, string> = {
  $schema:
    'Ignored by Quire. The path or URL of the JSON Schema of this file (`schema/docs.config.schema.json` in the Quire package), for editors that complete and check YAML with it.',
  storage: 'Where Quire keeps its store: the SQLite database and the blob store.',
  'storage.dir': 'The folder of the store, relative to this file. Keep it out of git: list it in `.gitignore`.',
  server: 'How `docs serve` and `docs start` listen.',
  'server.host':
    'The address to listen on. `127.0.0.1` accepts local connections only; use `0.0.0.0` (or `::`) to accept connections from other machines, or keep it local behind a reverse proxy. `--host` overrides it.',
  'server.port': 'The port to listen on; `0` picks a free one. `--port` overrides it.',
  'server.publicUrl':
    'The origin visitors and API clients use, such as `https://docs.example.com`, when it differs from `http://host:port` (behind a reverse proxy). It is the base of the `urls` in API answers and of the URLs `docs serve` prints.',
  'server.bodyLimit': 'The largest request body the API accepts, in bytes. A larger body is refused with `413`.',
  organizations:
    'The organizations of the store, by title. A missing one is created with the settings below when a command opens the store; an existing one keeps its own settings (change them through the API). The admin user is an admin of each. Titles must be unique.',
  'organizations[].title': "The organization's title: how spaces, sites and tokens name it (`organization:`, `--org`).",
  'organizations[].hostname': "The organization's hostname in the API. Its subdomain is taken from it when it is a valid subdomain.",
  'organizations[].emailDomains': 'Email domains whose users may join the organization by themselves (`joinOrganization`), with `defaultRole`.',
  'organizations[].defaultRole': 'The role of people who join through `emailDomains`, and of people invited without a role.',
  admin: 'The admin user: an admin of every organization above. `docs token create` (without `--role` or `--email`) issues a token for it.',
  'admin.email': "The admin user's email address.",
  'admin.displayName': "The admin user's display name.",
  network: 'Outbound requests (website imports, OpenAPI URLs, translation services, integration events).',
  'network.allowHosts':
    'Hosts (`host` or `host:port`) that outbound requests may reach even though they are loopback or private addresses, which are refused otherwise. `DOCS_ALLOW_HOSTS` (comma-separated) adds to it.',
  imports: 'Content imports through the API (`importContent`): what `file:` URLs may read, and how website crawls are paced and bounded.',
  'imports.folder':
    'The only folder `file:` URLs may read from (organization admins only), relative to this file. Unset (and no `DOCS_IMPORT_FOLDER` in the environment): `file:` URLs are refused.',
  'imports.crawlDelayMs': 'The pause between two requests to a crawled website, in milliseconds (a longer robots.txt `Crawl-delay` wins); `0` for none.',
  'imports.maxPages': 'The most pages a website import reads.',
  'imports.maxDepth': 'The most links followed from the start page of a website import.',
  'imports.timeoutMs': 'How long to wait for each page or image, in milliseconds. One slower than this is reported as not imported.',
  translation: "Who translates the text of translation runs (the API's translations).",
  'translation.provider':
    '`copy` copies each page as written and marks it `translation: untranslated` in its frontmatter; `libretranslate` sends the prose to a LibreTranslate-compatible service at `url`.',
  'translation.url': "The service's base URL: texts are sent to `POST <url>/translate`. Required with `libretranslate`.",
  'translation.apiKey': 'Sent to the service as `api_key`.',
  'translation.timeoutMs': 'How long to wait for each request to the service, in milliseconds.',
  'translation.batchSize': 'The most texts sent in one request.',
  'translation.batchChars': 'The most characters sent in one request.',
  spaces: 'The spaces `docs sync`, `docs watch` and `docs start` work on when no directory is given, and the directories they sync with.',
  'spaces[].title':
    'The space to sync into, by title (created if missing). A directory holding `docs.yaml` or `gitbook-docs.yaml` names its own spaces and needs no title.',
  'spaces[].directory': 'The git work tree or plain folder to import, relative to this file.',
  'spaces[].ref': 'Read this branch, tag or commit instead of `HEAD` (git repositories only).',
  'spaces[].workTree': 'Read the files on disk even in a git repository, uncommitted edits included, as `--work-tree` does.',
  'spaces[].organization': 'The organization the space belongs to, by title. Default: the first one.',
  'spaces[].conflict':
    'Who wins a true conflict when the repository and the space both changed the same lines: `git`, `space`, or `fail` (stop, change nothing, exit 1). `--conflict` overrides it. Default: `git`.',
  sites:
    'Docs sites of the synced spaces. `docs sync` (with no directory) creates each one and brings it in line: visibility, publication, customization, sections and site spaces, removing the sections and site spaces the config does not name. Titles must be unique.',
  'sites[].title': "The site's title; it identifies the site, so renaming it here makes a new site.",
  'sites[].basename': "The site's URL segment on `docs serve`: `/<basename>/`. `docs build --site` and `docs publish --site` accept it too.",
  'sites[].organization': 'The organization the site belongs to, by title. Default: the first one.',
  'sites[].visibility':
    'Who may see the site on `docs serve`: anyone (`public`), anyone with the link but not search engines (`unlisted`), visitors with a share key (`share-link`), or visitors with a signed token (`visitor-auth`).',
  'sites[].published': 'Whether `docs serve` serves the site.',
  'sites[].customization':
    "GitBook's site customization settings (`SiteCustomizationSettings`: theme, colours, logo, header links, footer, announcement...), laid over the defaults and checked against the API's schema. See [Site customization](customization.md).",
  'sites[].spaces': "The spaces at the site's root, for a site without sections. Give `spaces` or `sections`, not both.",
  'sites[].spaces[]':
    'A space by title or id, or a mapping with `space` and the options below. The first is the default; the others are variants in the switcher.',
  'sites[].spaces[].space': 'The space, by title or id, among the synced spaces.',
  'sites[].spaces[].path': 'The URL segment of this variant.',
  'sites[].spaces[].condition': 'Shown only to visitors whose claims meet this expression, such as `visitor.claims.beta === true`.',
  'sites[].spaces[].hidden': 'Published, but left out of the variant switcher.',
  'sites[].sections': "Sections, shown as tabs in the site's header, each with its spaces. The first is the default. Titles must be unique within a site.",
  'sites[].sections[].title': "The section's title, shown on its tab; it identifies the section.",
  'sites[].sections[].path': "The section's URL segment.",
  'sites[].sections[].condition': 'Shown only to visitors whose claims meet this expression.',
  'sites[].sections[].spaces': "The section's spaces: the first is the section's default, the others are variants.",
  'sites[].sections[].spaces[]': 'A space by title or id, or a mapping with `space` and the options below.',
  'sites[].sections[].spaces[].space': 'The space, by title or id, among the synced spaces.',
  'sites[].sections[].spaces[].path': 'The URL segment of this variant inside its section.',
  'sites[].sections[].spaces[].condition': 'Shown only to visitors whose claims meet this expression.',
  'sites[].sections[].spaces[].hidden': 'Published, but left out of the variant switcher.',
  gitSync: 'Two-way Git Sync settings shared by every synced space.',
  'gitSync.mergeMessage':
    "The message of the commit a merged change request exports to the main branch. `{number}` is the change request's number and `{subject}` its subject (`Change request #<number>` when it has none). It must contain at least one of the two, no other `{...}` placeholder, and a non-blank first line; further lines become the commit's body.",
};

/** Valid, and naming every key: the script checks both. */
const EXAMPLE = `$schema: ./docs.config.schema.json
storage:
  dir: .docs
server:
  host: 127.0.0.1
  port: 4000
  publicUrl: https://docs.example.com
  bodyLimit: 52428800
organizations:
  - title: Acme
    hostname: acme
    emailDomains: [acme.com]
    defaultRole: read
admin:
  email: admin@acme.com
  displayName: Docs admin
network:
  allowHosts: [localhost:8080]
imports:
  folder: ./imports
  crawlDelayMs: 250
  maxPages: 200
  maxDepth: 6
  timeoutMs: 10000
translation:
  provider: libretranslate
  url: https://translate.example.com
  apiKey: s3cret
  timeoutMs: 30000
  batchSize: 50
  batchChars: 10000
spaces:
  - title: Handbook
    directory: ./handbook
    ref: main
    workTree: false
    organization: Acme
    conflict: git
  - title: API v2
    directory: ./api/v2
  - title: API v1
    directory: ./api/v1
  - title: Handbook (fr)
    directory: ./handbook-fr
sites:
  - title: Acme Handbook
    basename: handbook
    organization: Acme
    visibility: public
    published: true
    customization:
      styling:
        primaryColor: { light: '#0B6E4F', dark: '#3DDC97' }
    spaces:
      - Handbook
      - space: Handbook (fr)
        path: fr
        condition: visitor.claims.locale === "fr"
        hidden: false
  - title: Acme Developers
    basename: developers
    visibility: visitor-auth
    published: true
    sections:
      - title: Guides
        spaces: [Handbook]
      - title: API
        path: api
        condition: visitor.claims.developer === true
        spaces:
          - API v2
          - space: API v1
            path: v1
            condition: visitor.claims.legacy === true
            hidden: false
gitSync:
  mergeMessage: "docs: {subject} (#{number})"
`;

export function renderConfiguration(schema: JsonSchema = JSON.parse(readFileSync(SCHEMA, 'utf8')) as JsonSchema): string {
  const keys = flatten(schema);
  checkDescriptions(keys);
  checkExample(keys);
  const out: string[] = [
    '---',
    'description: Every key of docs.config.yaml, with its type, default and allowed values, and a full example.',
    '---',
    '',
    '# Configuration file',
    '',
    '{% hint style="info" %}',
    'This page is generated from the JSON Schema of `docs.config.yaml` (`schema/docs.config.schema.json`) by `scripts/write-config-docs.ts`. After changing `src/config/schema.ts`, run `npm run schema` and then `npm run docs:reference`.',
    '{% endhint %}',
    '',
    '`docs.config.yaml` sits at the root of the project; commands find the nearest one upwards from the current folder, or take `--config <file>`. Every key is optional: without the file, every default applies. Relative paths are resolved from the folder of the file. An unknown key or a value of the wrong type stops every command with the file, line and key. For a guided tour, see [Configuration](../configuration.md).',
    '',
    'Lists of mappings are written with `[]` in the key names below: `spaces[].title` is the `title` of each item of `spaces`.',
    '',
    '## Full example',
    '',
    'Every key, with the default value where there is one.',
    '',
    '```yaml',
    ...EXAMPLE.trimEnd().split('\n'),
    '```',
    '',
  ];
  for (const key of keys) {
    if (!key.path.includes('.') && !key.path.includes('[')) out.push(`## ${key.path}`, '');
    else out.push(`### ${key.path}`, '');
    out.push(facts(key), '', key.description, '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

interface Key {
  path: string;
  schema: JsonSchema;
  required: boolean;
  description: string;
}

/** Every key of the schema, depth first, as dotted paths (`[]` for the items of a list). */
function flatten(schema: JsonSchema): Key[] {
  const keys: Key[] = [];
  const visit = (node: JsonSchema, prefix: string) => {
    const object = objectOf(node);
    if (object?.properties) {
      for (const [name, child] of Object.entries(object.properties)) {
        const path = prefix ? `${prefix}.${name}` : name;
        keys.push({ path, schema: child, required: object.required?.includes(name) ?? false, description: '' });
        visit(child, path);
      }
      return;
    }
    const items = node.items;
    if (!items) return;
    // A list of scalars or mappings: a list of mappings documents their keys; a list of "scalar or mapping" its items too.
    if (items.anyOf) {
      keys.push({ path: `${prefix}[]`, schema: items, required: false, description: '' });
      visit(items, `${prefix}[]`);
    } else if (objectOf(items)?.properties) {
      visit(items, `${prefix}[]`);
    }
  };
  visit(schema, '');
  for (const key of keys) key.description = key.schema.description ?? DESCRIPTIONS[key.path] ?? '';
  return keys;
}

function objectOf(node: JsonSchema): JsonSchema | undefined {
  if (node.properties) return node;
  return node.anyOf?.find((alternative) => alternative.properties);
}

function checkDescriptions(keys: readonly Key[]): void {
  const missing = keys.filter((k) => !k.description).map((k) => k.path);
  const known = new Set(keys.map((k) => k.path));
  const stale = Object.keys(DESCRIPTIONS).filter((path) => !known.has(path));
  const problems = [
    ...missing.map((path) => `${path}: no description (add one in src/config/schema.ts, or in DESCRIPTIONS of scripts/write-config-docs.ts)`),
    ...stale.map((path) => `${path}: described in scripts/write-config-docs.ts but not in the schema; remove it`),
  ];
  if (problems.length) throw new Error(`scripts/write-config-docs.ts:\n  ${problems.join('\n  ')}`);
}

/** The example is a valid config and names every key of the schema. */
function checkExample(keys: readonly Key[]): void {
  parseConfig(EXAMPLE, 'the example of scripts/write-config-docs.ts');
  const named = new Set<string>();
  const visit = (value: unknown, prefix: string) => {
    if (Array.isArray(value)) {
      if (value.length) named.add(`${prefix}[]`);
      for (const item of value) visit(item, `${prefix}[]`);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const path = prefix ? `${prefix}.${key}` : key;
        named.add(path);
        // A customization is GitBook's settings object, documented on its own page.
        if (!path.endsWith('.customization')) visit(child, path);
      }
    }
  };
  visit(parse(EXAMPLE), '');
  const missing = keys.map((k) => k.path).filter((path) => !named.has(path));
  if (missing.length) throw new Error(`scripts/write-config-docs.ts: the example leaves out ${missing.join(', ')}`);
}

/** `Type: ... · Default: ... · Required.` */
function facts(key: Key): string {
  const parts = [`**Type:** ${typeOf(key.schema)}`];
  const allowed = allowedOf(key.schema);
  if (allowed) parts.push(`**Allowed:** ${allowed}`);
  const def = defaultOf(key.schema);
  if (def !== undefined) parts.push(`**Default:** ${def}`);
  if (key.required) parts.push('**Required**');
  return parts.join(' · ');
}

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) {
    const types = schema.anyOf.map(typeOf);
    return [...new Set(types)].join(' or ');
  }
  if (schema.enum) return schema.type ?? 'string';
  switch (schema.type) {
    case 'string':
      return schema.format === 'uri' ? 'URL' : schema.format === 'email' ? 'email address' : 'string';
    case 'integer':
      return 'integer';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return '`null`';
    case 'array':
      return `list of ${schema.items ? plural(typeOf(schema.items)) : 'values'}`;
    case 'object':
      return schema.properties ? 'mapping' : 'mapping (any keys)';
    default:
      return 'any';
  }
}

const plural = (type: string) =>
  type
    .split(' or ')
    .map((t) => ({ mapping: 'mappings', string: 'strings', integer: 'integers', URL: 'URLs', 'email address': 'email addresses', boolean: 'booleans' })[t] ?? t)
    .join(' or ');

function allowedOf(schema: JsonSchema): string | undefined {
  const parts: string[] = [];
  const enums = [...(schema.enum ?? []), ...(schema.anyOf ?? []).flatMap((a) => a.enum ?? (a.type === 'null' ? [null] : []))];
  if (enums.length) parts.push(enums.map((v) => `\`${v === null ? 'null' : String(v)}\``).join(', '));
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum} to ${schema.maximum}`);
  else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
  else if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  const length = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${min} to ${max} ${unit}`);
    else if (min !== undefined && min > 1) parts.push(`at least ${min} ${unit}`);
    else if (min === 1) parts.push(unit === 'items' ? 'at least one item' : 'not empty');
    else if (max !== undefined) parts.push(`at most ${max} ${unit}`);
  };
  if (schema.type === 'string') length(schema.minLength, schema.maxLength, 'characters');
  if (schema.type === 'array') length(schema.minItems, undefined, 'items');
  if (schema.pattern && schema.format !== 'email') parts.push(`matching \`${schema.pattern}\``);
  return parts.length ? parts.join('; ') : undefined;
}

function defaultOf(schema: JsonSchema): string | undefined {
  if (!('default' in schema)) return undefined;
  const value = schema.default;
  // A section's default is the defaults of its keys, listed with them.
  if (value && typeof value === 'object' && !Array.isArray(value)) return undefined;
  return `\`${JSON.stringify(value).replace(/^"(.*)"$/, '$1')}\``;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  writeReferencePage(FILE, () => renderConfiguration(), process.argv.slice(2));
