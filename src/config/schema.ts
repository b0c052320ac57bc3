import { isIP } from 'node:net';
import { z } from 'zod';

export const roles = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;

const hostPort = z.string().regex(/^[A-Za-z0-9.\-_[\]:]+$/, 'expected host or host:port');

export const storageSchema = z
  .object({
    dir: z.string().min(1).default('.docs').describe('The folder of the store, relative to this file. Keep it out of git: list it in `.gitignore`.'),
    database: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// URL')
      .refine((url) => !/^postgres(ql)?:\/\//.test(url) || URL.canParse(url), 'not a valid URL (a bad port or host?)')
      .optional()
      .describe(
        'A PostgreSQL database (`postgres://user@host:5432/docs`) to keep the store in instead of SQLite in `dir`, for several servers and CI jobs sharing one store. `DOCS_DATABASE_URL` overrides it; prefer that variable to a password in this file. Every server must then be given the same `DOCS_SECRET_KEY`.',
      ),
  })
  .strict();

/** The names Fastify (proxy-addr) gives to ranges of addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** An address (`10.0.0.1`, `::1`), a CIDR range (`10.0.0.0/8`) or one of Fastify's names for ranges. */
const proxyAddress = z
  .string()
  .min(1)
  .refine(
    (entry) => {
      if ((PROXY_RANGE_NAMES as readonly string[]).includes(entry)) return true;
      const [address = '', bits, ...rest] = entry.split('/');
      const family = isIP(address);
      if (!family || rest.length) return false;
      return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
    },
    { error: `expected an IP address, a CIDR range (10.0.0.0/8) or one of ${PROXY_RANGE_NAMES.join(', ')}` },
  );

/** Whose X-Forwarded-For the server believes. A hop count is refused: it believes anyone who reaches the server directly. */
export const trustProxySchema = z.union([z.boolean(), z.array(proxyAddress)], {
  error: (issue) =>
    typeof issue.input === 'number'
      ? "a hop count is not accepted: list your proxies' addresses instead (a count believes the X-Forwarded-For of whoever connects, proxy or not)"
      : undefined,
});

export const serverSchema = z
  .object({
    host: z
      .string()
      .min(1)
      .default('127.0.0.1')
      .describe(
        'The address to listen on. `127.0.0.1` accepts local connections only; use `0.0.0.0` (or `::`) to accept connections from other machines, or keep it local behind a reverse proxy. `--host` overrides it.',
      ),
    port: z.number().int().min(0).max(65535).default(4000).describe('The port to listen on; `0` picks a free one. `--port` overrides it.'),
    publicUrl: z
      .url()
      .optional()
      .describe(
        'The origin visitors and API clients use, such as `https://docs.example.com`, when it differs from `http://host:port` (behind a reverse proxy). It is the base of the `urls` in API answers and of the URLs `docs serve` prints.',
      ),
    bodyLimit: z
      .number()
      .int()
      .min(1024)
      .max(512 * 1024 * 1024)
      .default(50 * 1024 * 1024)
      .describe('The largest request body the API accepts, in bytes. A larger body is refused with `413`.'),
    jobLeaseSeconds: z
      .number()
      .int()
      .min(2)
      .max(3600)
      .default(60)
      .describe(
        "How long a server's claim on a background job (a git export, an OpenAPI fetch, a translation) holds; the server renews it three times as often while the job runs. When a server dies, another one takes its jobs over once their claims run out.",
      ),
    auditRetentionDays: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .default(365)
      .describe(
        'How many days the audit log keeps an event (every write through the API and the command line, with who made it; see the API guide): older events are removed once a day by `docs serve`.',
      ),
    trustProxy: trustProxySchema
      .default(false)
      .describe(
        "Which reverse proxies `docs serve` believes about the visitor's address (`X-Forwarded-For`), which per-address limits count by (page feedback from published sites). `false`: none, every request counts as the address it came from (behind a proxy, all visitors share the proxy's limit). A list of the proxies' addresses, CIDR ranges (`10.0.0.0/8`) or `loopback`, `linklocal`, `uniquelocal`: the visitor's address is the last one of `X-Forwarded-For` that is not a listed proxy. `true`: every sender is believed; only when nothing but the proxy can reach the server, as anyone else could send any address. A hop count is refused.",
      ),
  })
  .strict();

export const organizationSchema = z
  .object({
    title: z.string().min(1).max(100).describe("The organization's title: how spaces, sites and tokens name it (`organization:`, `--org`)."),
    hostname: z.string().max(512).optional().describe("The organization's hostname in the API. Its subdomain is taken from it when it is a valid subdomain."),
    emailDomains: z
      .array(z.string().min(1))
      .default([])
      .describe('Email domains whose users may join the organization by themselves (`joinOrganization`), with `defaultRole`.'),
    defaultRole: z.enum(roles).nullable().default('read').describe('The role of people who join through `emailDomains`, and of people invited without a role.'),
  })
  .strict();

export const adminSchema = z
  .object({
    email: z.email().default('admin@quire.local').describe("The admin user's email address."),
    displayName: z.string().min(1).max(100).default('Administrator').describe("The admin user's display name."),
  })
  .strict();

export const networkSchema = z
  .object({
    allowHosts: z
      .array(hostPort)
      .default([])
      .describe(
        'Hosts (`host` or `host:port`) that outbound requests may reach even though they are loopback or private addresses, which are refused otherwise. `DOCS_ALLOW_HOSTS` (comma-separated) adds to it.',
      ),
  })
  .strict();

export const spaceSyncSchema = z
  .object({
    title: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'The space to sync into, by title (created if missing). A directory holding `docs.yaml` or `gitbook-docs.yaml` names its own spaces and needs no title.',
      ),
    directory: z.string().min(1).describe('The git work tree or plain folder to import, relative to this file.'),
    ref: z.string().min(1).optional().describe('Read this branch, tag or commit instead of `HEAD` (git repositories only).'),
    workTree: z.boolean().default(false).describe('Read the files on disk even in a git repository, uncommitted edits included, as `--work-tree` does.'),
    organization: z.string().min(1).optional().describe('The organization the space belongs to, by title. Default: the first one.'),
    conflict: z
      .enum(['git', 'space', 'fail'])
      .optional()
      .describe(
        'Who wins a true conflict when the repository and the space both changed the same lines: `git`, `space`, or `fail` (stop, change nothing, exit 1). `--conflict` overrides it. Default: `git`.',
      ),
  })
  .strict();

/** The message of the commit a merged change request exports; `{number}` and `{subject}` are filled in. */
export const DEFAULT_MERGE_MESSAGE = 'QUIRE-{number}: {subject}';
const PLACEHOLDERS = ['{number}', '{subject}'];

export const mergeMessageSchema = z
  .string()
  .max(500)
  .refine((t) => t.split('\n')[0]!.trim() !== '', 'the first line (the commit subject) must not be blank')
  .refine((t) => PLACEHOLDERS.some((p) => t.includes(p)), 'must contain {number} or {subject}, so the commit names its change request')
  .refine((t) => (t.match(/\{[^{}]*\}/g) ?? []).every((p) => PLACEHOLDERS.includes(p)), 'the only placeholders are {number} and {subject}');

export const gitSyncSchema = z
  .object({
    mergeMessage: mergeMessageSchema
      .default(DEFAULT_MERGE_MESSAGE)
      .describe(
        "The message of the commit a merged change request exports to the main branch. `{number}` is the change request's number and `{subject}` its subject (`Change request #<number>` when it has none). It must contain at least one of the two, no other `{...}` placeholder, and a non-blank first line; further lines become the commit's body.",
      ),
  })
  .strict();

const condition = z.string().min(1).max(1024);
const urlSegment = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected one URL segment (letters, digits, ".", "_", "-")');

/**
 * A space shown by a site: its title (or id) among the synced spaces, as `- Guides` or with options. Made once for a
 * site's root and once for a section, as their descriptions differ.
 */
const siteSpace = (described: { item: string; path: string; condition: string }) =>
  z
    .union([
      z.string().min(1),
      z
        .object({
          space: z.string().min(1).describe('The space, by title or id, among the synced spaces.'),
          path: urlSegment.optional().describe(described.path),
          condition: condition.optional().describe(described.condition),
          hidden: z.boolean().optional().describe('Published, but left out of the variant switcher.'),
        })
        .strict(),
    ])
    .describe(described.item);

/** A space at a site's root. */
export const siteSpaceSchema = siteSpace({
  item: 'A space by title or id, or a mapping with `space` and the options below. The first is the default; the others are variants in the switcher.',
  path: 'The URL segment of this variant.',
  condition: 'Shown only to visitors whose claims meet this expression, such as `visitor.claims.beta === true`.',
});

/** A space of a section. */
export const sectionSpaceSchema = siteSpace({
  item: 'A space by title or id, or a mapping with `space` and the options below.',
  path: 'The URL segment of this variant inside its section.',
  condition: 'Shown only to visitors whose claims meet this expression.',
});

export const siteSectionSchema = z
  .object({
    title: z.string().min(2).max(128).describe("The section's title, shown on its tab; it identifies the section."),
    path: urlSegment.optional().describe("The section's URL segment."),
    condition: condition.optional().describe('Shown only to visitors whose claims meet this expression.'),
    spaces: z.array(sectionSpaceSchema).min(1).describe("The section's spaces: the first is the section's default, the others are variants."),
  })
  .strict();

/** A docs site: `docs sync` creates it or brings it in line; `docs build --site` and `docs publish` build it. */
export const siteSchema = z
  .object({
    title: z.string().min(2).max(128).describe("The site's title; it identifies the site, so renaming it here makes a new site."),
    basename: urlSegment
      .optional()
      .describe("The site's URL segment on `docs serve`: `/<basename>/`. `docs build --site` and `docs publish --site` accept it too."),
    organization: z.string().min(1).optional().describe('The organization the site belongs to, by title. Default: the first one.'),
    visibility: z
      .enum(['public', 'unlisted', 'share-link', 'visitor-auth'])
      .optional()
      .describe(
        'Who may see the site on `docs serve`: anyone (`public`), anyone with the link but not search engines (`unlisted`), visitors with a share key (`share-link`), or visitors with a signed token (`visitor-auth`).',
      ),
    published: z.boolean().optional().describe('Whether `docs serve` serves the site.'),
    customization: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "GitBook's site customization settings (`SiteCustomizationSettings`: theme, colours, logo, header links, footer, announcement...), laid over the defaults and checked against the API's schema. See [Site customization](customization.md).",
      ),
    spaces: z
      .array(siteSpaceSchema)
      .min(1)
      .optional()
      .describe("The spaces at the site's root, for a site without sections. Give `spaces` or `sections`, not both."),
    sections: z
      .array(siteSectionSchema)
      .min(1)
      .optional()
      .describe("Sections, shown as tabs in the site's header, each with its spaces. The first is the default. Titles must be unique within a site."),
  })
  .strict()
  .refine((site) => !(site.spaces && site.sections), { message: 'give spaces or sections, not both' })
  .refine((site) => !site.sections || new Set(site.sections.map((s) => s.title)).size === site.sections.length, {
    message: 'section titles must be unique within a site',
  });

export const configSchema = z
  .object({
    $schema: z
      .string()
      .optional()
      .describe(
        'Ignored by Quire. The path or URL of the JSON Schema of this file (`schema/docs.config.schema.json` in the Quire package), for editors that complete and check YAML with it.',
      ),
    storage: storageSchema.default({ dir: '.docs' }).describe('Where Quire keeps its store: the SQLite database and the blob store.'),
    server: serverSchema.default(() => serverSchema.parse({})).describe('How `docs serve` and `docs start` listen.'),
    organizations: z
      .array(organizationSchema)
      .min(1)
      .default([{ title: 'Quire', emailDomains: [], defaultRole: 'read' }])
      .refine((orgs) => new Set(orgs.map((o) => o.title)).size === orgs.length, {
        message: 'organization titles must be unique',
      })
      .describe(
        'The organizations of the store, by title. A missing one is created with the settings below when a command opens the store; an existing one keeps its own settings (change them through the API). The admin user is an admin of each. Titles must be unique.',
      ),
    admin: adminSchema
      .default(() => adminSchema.parse({}))
      .describe('The admin user: an admin of every organization above. `docs token create` (without `--role` or `--email`) issues a token for it.'),
    network: networkSchema.default({ allowHosts: [] }).describe('Outbound requests (website imports, OpenAPI URLs, translation services, integration events).'),
    imports: z
      .object({
        folder: z
          .string()
          .min(1)
          .optional()
          .describe(
            'The only folder `file:` URLs may read from (organization admins only), relative to this file. Unset (and no `DOCS_IMPORT_FOLDER` in the environment): `file:` URLs are refused.',
          ),
        crawlDelayMs: z
          .number()
          .int()
          .min(0)
          .max(60_000)
          .default(250)
          .describe('The pause between two requests to a crawled website, in milliseconds (a longer robots.txt `Crawl-delay` wins); `0` for none.'),
        maxPages: z.number().int().min(1).max(10_000).default(200).describe('The most pages a website import reads.'),
        maxDepth: z.number().int().min(0).max(100).default(6).describe('The most links followed from the start page of a website import.'),
        timeoutMs: z
          .number()
          .int()
          .min(100)
          .max(600_000)
          .default(10_000)
          .describe('How long to wait for each page or image, in milliseconds. One slower than this is reported as not imported.'),
      })
      .strict()
      .default({ crawlDelayMs: 250, maxPages: 200, maxDepth: 6, timeoutMs: 10_000 })
      .describe('Content imports through the API (`importContent`): what `file:` URLs may read, and how website crawls are paced and bounded.'),
    translation: z
      .object({
        provider: z
          .enum(['copy', 'libretranslate'])
          .default('copy')
          .describe(
            '`copy` copies each page as written and marks it `translation: untranslated` in its frontmatter; `libretranslate` sends the prose to a LibreTranslate-compatible service at `url`.',
          ),
        url: z.url().optional().describe("The service's base URL: texts are sent to `POST <url>/translate`. Required with `libretranslate`."),
        apiKey: z.string().min(1).optional().describe('Sent to the service as `api_key`.'),
        timeoutMs: z.number().int().min(100).max(600_000).default(30_000).describe('How long to wait for each request to the service, in milliseconds.'),
        batchSize: z.number().int().min(1).max(1000).default(50).describe('The most texts sent in one request.'),
        batchChars: z.number().int().min(100).max(1_000_000).default(10_000).describe('The most characters sent in one request.'),
      })
      .strict()
      .refine((t) => t.provider !== 'libretranslate' || t.url !== undefined, { message: 'url is required with the libretranslate provider', path: ['url'] })
      .default({ provider: 'copy', timeoutMs: 30_000, batchSize: 50, batchChars: 10_000 })
      .describe("Who translates the text of translation runs (the API's translations)."),
    spaces: z
      .array(spaceSyncSchema)
      .default([])
      .describe('The spaces `docs sync`, `docs watch` and `docs start` work on when no directory is given, and the directories they sync with.'),
    sites: z
      .array(siteSchema)
      .default([])
      .refine((sites) => new Set(sites.map((s) => s.title)).size === sites.length, { message: 'site titles must be unique' })
      .describe(
        'Docs sites of the synced spaces. `docs sync` (with no directory) creates each one and brings it in line: visibility, publication, customization, sections and site spaces, removing the sections and site spaces the config does not name. Titles must be unique.',
      ),
    gitSync: gitSyncSchema.default({ mergeMessage: DEFAULT_MERGE_MESSAGE }).describe('Two-way Git Sync settings shared by every synced space.'),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;
export type OrganizationConfig = z.infer<typeof organizationSchema>;
export type GitSyncConfig = z.infer<typeof gitSyncSchema>;
export type SpaceSyncConfig = z.infer<typeof spaceSyncSchema>;
export type SiteConfig = z.infer<typeof siteSchema>;
export type Role = (typeof roles)[number];
