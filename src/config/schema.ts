import { z } from 'zod';

export const roles = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;

const hostPort = z
  .string()
  .regex(/^[A-Za-z0-9.\-_[\]:]+$/, 'expected host or host:port');

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
    bodyLimit: z.number().int().min(1024).max(512 * 1024 * 1024).default(50 * 1024 * 1024),
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
    /** Spaces and the directories `docs sync` imports them from. */
    spaces: z.array(spaceSyncSchema).default([]),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;
export type OrganizationConfig = z.infer<typeof organizationSchema>;
export type SpaceSyncConfig = z.infer<typeof spaceSyncSchema>;
export type Role = (typeof roles)[number];
