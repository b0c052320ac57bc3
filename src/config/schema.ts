import { z } from 'zod';

export const roles = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;

const hostPort = z.string().regex(/^[A-Za-z0-9.\-_[\]:]+$/, 'expected host or host:port');

export const storageSchema = z
  .object({
    /** Folder for the database and the blob store, relative to the config file. */
    dir: z.string().min(1).default('.docs'),
  })
  .strict();

export const serverSchema = z
  .object({
    host: z.string().min(1).default('127.0.0.1'),
    port: z.number().int().min(0).max(65535).default(4000),
    /** Base URL used in every `urls` object; defaults to http://host:port. */
    publicUrl: z.url().optional(),
    /** Largest accepted request body, in bytes. */
    bodyLimit: z
      .number()
      .int()
      .min(1024)
      .max(512 * 1024 * 1024)
      .default(50 * 1024 * 1024),
  })
  .strict();

export const organizationSchema = z
  .object({
    title: z.string().min(1).max(100),
    hostname: z.string().max(512).optional(),
    emailDomains: z.array(z.string().min(1)).default([]),
    defaultRole: z.enum(roles).nullable().default('read'),
  })
  .strict();

export const adminSchema = z
  .object({
    email: z.email().default('admin@quire.local'),
    displayName: z.string().min(1).max(100).default('Administrator'),
  })
  .strict();

export const networkSchema = z
  .object({
    /** Hosts (`host` or `host:port`) that outbound requests may reach even if loopback or private. */
    allowHosts: z.array(hostPort).default([]),
  })
  .strict();

export const spaceSyncSchema = z
  .object({
    /** The space to sync into (created if missing). A directory holding docs.yaml names its own spaces. */
    title: z.string().min(1).max(100).optional(),
    /** The git work tree or folder to import, relative to the config file. */
    directory: z.string().min(1),
    /** Read this branch, tag or commit instead of HEAD (git repositories only). */
    ref: z.string().min(1).optional(),
    /** Read the files on disk even in a git repository (uncommitted edits included). */
    workTree: z.boolean().default(false),
    /** The organization the space belongs to (title); default: the first one. */
    organization: z.string().min(1).optional(),
    /** Who wins a true conflict when the repository and the space both changed (`--conflict` overrides it). Default: git. */
    conflict: z.enum(['git', 'space', 'fail']).optional(),
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
    /** The commit message of a merged change request exported to the main branch. */
    mergeMessage: mergeMessageSchema.default(DEFAULT_MERGE_MESSAGE),
  })
  .strict();

const condition = z.string().min(1).max(1024);
const urlSegment = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'expected one URL segment (letters, digits, ".", "_", "-")');

/** A space shown by a site: its title (or id) among the synced spaces, as `- Guides` or with options. */
export const siteSpaceSchema = z.union([
  z.string().min(1),
  z
    .object({
      space: z.string().min(1),
      /** URL segment of this variant inside its section (the first variant is the section's default). */
      path: urlSegment.optional(),
      /** Shown only to visitors whose claims meet this expression. */
      condition: condition.optional(),
      /** Published, but left out of the variant switcher. */
      hidden: z.boolean().optional(),
    })
    .strict(),
]);

export const siteSectionSchema = z
  .object({
    title: z.string().min(2).max(128),
    path: urlSegment.optional(),
    condition: condition.optional(),
    spaces: z.array(siteSpaceSchema).min(1),
  })
  .strict();

/** A docs site: `docs sync` creates it or brings it in line; `docs build --site` and `docs publish` build it. */
export const siteSchema = z
  .object({
    title: z.string().min(2).max(128),
    /** Its URL segment on `docs serve`: `/<basename>/`. */
    basename: urlSegment.optional(),
    /** The organization (title); default: the first one. */
    organization: z.string().min(1).optional(),
    visibility: z.enum(['public', 'unlisted', 'share-link', 'visitor-auth']).optional(),
    published: z.boolean().optional(),
    /** GitBook's site customization settings (theme, colours, header, footer...), laid over the defaults. */
    customization: z.record(z.string(), z.unknown()).optional(),
    /** The spaces at the site's root, or... */
    spaces: z.array(siteSpaceSchema).min(1).optional(),
    /** ...sections, each with its spaces. */
    sections: z.array(siteSectionSchema).min(1).optional(),
  })
  .strict()
  .refine((site) => !(site.spaces && site.sections), { message: 'give spaces or sections, not both' })
  .refine((site) => !site.sections || new Set(site.sections.map((s) => s.title)).size === site.sections.length, {
    message: 'section titles must be unique within a site',
  });

export const configSchema = z
  .object({
    $schema: z.string().optional(),
    storage: storageSchema.default({ dir: '.docs' }),
    server: serverSchema.default(() => serverSchema.parse({})),
    organizations: z
      .array(organizationSchema)
      .min(1)
      .default([{ title: 'Quire', emailDomains: [], defaultRole: 'read' }])
      .refine((orgs) => new Set(orgs.map((o) => o.title)).size === orgs.length, {
        message: 'organization titles must be unique',
      }),
    admin: adminSchema.default(() => adminSchema.parse({})),
    network: networkSchema.default({ allowHosts: [] }),
    /** Content imports (importContent): `file:` URLs are read only inside `folder` (relative to this file; unset: refused); website crawls are paced and bounded. */
    imports: z
      .object({
        folder: z.string().min(1).optional(),
        /** Pause between two requests to a crawled site (robots.txt Crawl-delay wins when longer); 0 for none. */
        crawlDelayMs: z.number().int().min(0).max(60_000).default(250),
        maxPages: z.number().int().min(1).max(10_000).default(200),
        maxDepth: z.number().int().min(0).max(100).default(6),
        /** Per request: a page or image that does not answer in time is reported as not imported. */
        timeoutMs: z.number().int().min(100).max(600_000).default(10_000),
      })
      .strict()
      .default({ crawlDelayMs: 250, maxPages: 200, maxDepth: 6, timeoutMs: 10_000 }),
    /** Who translates the text of translation runs: `copy` (pages copied, marked untranslated) or a LibreTranslate-compatible service. */
    translation: z
      .object({
        provider: z.enum(['copy', 'libretranslate']).default('copy'),
        /** The service's base URL: texts are sent to `POST <url>/translate`. Required with `libretranslate`. */
        url: z.url().optional(),
        apiKey: z.string().min(1).optional(),
        timeoutMs: z.number().int().min(100).max(600_000).default(30_000),
        /** Most texts, and most characters, sent in one request. */
        batchSize: z.number().int().min(1).max(1000).default(50),
        batchChars: z.number().int().min(100).max(1_000_000).default(10_000),
      })
      .strict()
      .refine((t) => t.provider !== 'libretranslate' || t.url !== undefined, { message: 'url is required with the libretranslate provider', path: ['url'] })
      .default({ provider: 'copy', timeoutMs: 30_000, batchSize: 50, batchChars: 10_000 }),
    /** Spaces and the directories `docs sync` imports them from. */
    spaces: z.array(spaceSyncSchema).default([]),
    /** Docs sites of the synced spaces, reconciled by `docs sync`. */
    sites: z
      .array(siteSchema)
      .default([])
      .refine((sites) => new Set(sites.map((s) => s.title)).size === sites.length, { message: 'site titles must be unique' }),
    /** Two-way Git Sync settings shared by every synced space. */
    gitSync: gitSyncSchema.default({ mergeMessage: DEFAULT_MERGE_MESSAGE }),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;
export type OrganizationConfig = z.infer<typeof organizationSchema>;
export type GitSyncConfig = z.infer<typeof gitSyncSchema>;
export type SpaceSyncConfig = z.infer<typeof spaceSyncSchema>;
export type SiteConfig = z.infer<typeof siteSchema>;
export type Role = (typeof roles)[number];
