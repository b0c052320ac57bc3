import type { IntegrationManifest, IntegrationTarget, IntegrationVisibility } from '../../model/index.js';
import { invalidInput } from '../core/errors.js';
import { checkSchema } from './configuration.js';

/** The body of `publishIntegration`, already checked against the spec's schema. */
export interface PublishInput {
  organization: string;
  title: string;
  description: string;
  script: string;
  scopes: string[];
  runtime?: 'v1' | 'v2';
  icon?: string;
  summary?: string;
  previewImages?: string[];
  visibility?: IntegrationVisibility;
  target?: IntegrationTarget;
  categories?: string[];
  blocks?: Record<string, unknown>[];
  contentSources?: Record<string, unknown>[];
  externalLinks?: { url: string; label: string }[];
  configurations?: Record<string, unknown>;
  secrets?: Record<string, string>;
  contentSecurityPolicy?: string | Record<string, string>;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

function checkIds(items: Record<string, unknown>[], field: string): void {
  const seen = new Set<unknown>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) throw invalidInput(`${field}[${i}].id: "${String(item.id)}" is used twice`);
    seen.add(item.id);
  });
}

function checkBase64(value: string, field: string): void {
  if (value.length === 0 || Buffer.from(value, 'base64').byteLength === 0) throw invalidInput(`${field}: must be non-empty base64 content`);
}

/** What the API stores of a publish request, after the checks the spec's schema cannot make. */
export function manifestOf(input: PublishInput): IntegrationManifest {
  const blocks = input.blocks ?? [];
  const contentSources = input.contentSources ?? [];
  checkIds(blocks, 'blocks');
  checkIds(contentSources, 'contentSources');
  if (input.icon !== undefined) checkBase64(input.icon, 'icon');
  (input.previewImages ?? []).forEach((image, i) => checkBase64(image, `previewImages[${i}]`));
  const configurations = input.configurations ?? {};
  for (const level of ['account', 'space', 'site']) checkSchema(configurations[level], `configurations.${level}`);
  return {
    runtime: input.runtime ?? 'v1',
    description: input.description,
    ...(input.summary !== undefined ? { summary: input.summary } : {}),
    ...(input.icon !== undefined ? { icon: input.icon } : {}),
    previewImages: input.previewImages ?? [],
    scopes: unique(input.scopes),
    categories: unique(input.categories ?? []),
    blocks,
    contentSources,
    externalLinks: input.externalLinks ?? [],
    configurations,
    ...(input.contentSecurityPolicy !== undefined ? { contentSecurityPolicy: input.contentSecurityPolicy } : {}),
  };
}

/** The domains a block unfurls URLs of: `https://www.youtube.com/**` gives `www.youtube.com`. */
export function blockDomains(manifest: IntegrationManifest): string[] {
  return manifest.blocks.flatMap((block) =>
    ((block.urlUnfurl as string[] | undefined) ?? []).flatMap((pattern) => {
      const host = /^(?:[a-z*]+:\/\/)?([^/?#]+)/i.exec(pattern)?.[1];
      return host ? [host.toLowerCase().replace(/^\*\./, '')] : [];
    }),
  );
}

/** A policy object as one header value: `default-src 'self'; img-src *`. */
export function policyText(policy: IntegrationManifest['contentSecurityPolicy']): string | undefined {
  if (policy === undefined || typeof policy === 'string') return policy;
  return Object.entries(policy)
    .map(([directive, value]) => `${directive} ${value}`.trim())
    .join('; ');
}
