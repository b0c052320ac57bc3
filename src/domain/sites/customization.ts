import type { SiteRecord, SiteSpaceRecord } from '../../model/index.js';

/**
 * A site's customization settings, as `SiteCustomizationSettings` in the API: every member present.
 * Typed loosely here (the API schema validates shapes on the way in); the builder reads members by name.
 */
export type CustomizationSettings = Record<string, unknown> & {
  title?: string;
  styling: Record<string, unknown>;
  header: { preset: string; links: unknown[]; logo?: { light: string; dark: string } } & Record<string, unknown>;
  footer: { groups: unknown[]; logo?: { light: string; dark: string }; copyright?: string } & Record<string, unknown>;
  themes: { default: 'light' | 'dark'; toggeable: boolean };
  feedback: { enabled: boolean };
};

/** What a site shows before anyone customizes it (GitBook's defaults, where it has them). */
export const DEFAULT_CUSTOMIZATION: CustomizationSettings = {
  styling: {
    theme: 'clean',
    primaryColor: { light: '#346DDB', dark: '#346DDB' },
    infoColor: { light: '#787878', dark: '#787878' },
    successColor: { light: '#02A95D', dark: '#02A95D' },
    warningColor: { light: '#E58A00', dark: '#E58A00' },
    dangerColor: { light: '#DD2C2C', dark: '#DD2C2C' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    // The themes the builder highlights code with (src/site/render/highlight.ts), in pages and in OpenAPI blocks.
    codeTheme: {
      default: { light: 'github-light-default', dark: 'github-dark-default' },
      openapi: { light: 'github-light-default', dark: 'github-dark-default' },
    },
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  pdf: { enabled: false },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: true },
  git: { showEditLink: false },
  // `items` (0.202.0) lists the actions the flags (0.143.2) enable.
  pageActions: { externalAI: false, markdown: true, mcp: false, items: ['markdown'] },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: true },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [],
  insights: { trackingCookie: false },
};

type Json = Record<string, unknown>;

/**
 * Members merged one by one rather than replaced whole: the top-level groups (`styling`, `header`, `pdf`...)
 * and `styling.sidebar`. Everything else (a colour, a logo, the favicon, the announcement, a list of links)
 * is one value that an override replaces.
 */
function mergesMembers(path: string[]): boolean {
  if (path.length === 0) return true;
  if (path.length === 1) return !['title', 'favicon', 'announcement'].includes(path[0]!);
  return path.length === 2 && path[0] === 'styling' && path[1] === 'sidebar';
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `base` with the members of `override` laid over it. */
export function applyOverride(base: Json, override: Json, path: string[] = []): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const at = [...path, key];
    out[key] = mergesMembers(at) && isObject(value) && isObject(base[key]) ? applyOverride(base[key] as Json, value, at) : value;
  }
  return out;
}

/**
 * A site space's stored override after a PATCH: members set in `patch` replace the stored ones, `null`
 * removes an override, and groups left empty disappear. Returns null when nothing is overridden any more.
 */
export function patchOverride(stored: Json | null, patch: Json, path: string[] = []): Json | null {
  const out: Json = { ...(stored ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    const at = [...path, key];
    if (value === null || value === undefined) {
      delete out[key];
    } else if (mergesMembers(at) && isObject(value)) {
      const merged = patchOverride(isObject(out[key]) ? (out[key] as Json) : null, value, at);
      if (merged) out[key] = merged;
      else delete out[key];
    } else {
      out[key] = value;
    }
  }
  return Object.keys(out).length ? out : null;
}

/** The site's own settings: what it stored, over the defaults (so settings saved before a new member appeared stay complete). */
export function siteCustomization(site: Pick<SiteRecord, 'customization'>): CustomizationSettings {
  return (site.customization ? applyOverride(DEFAULT_CUSTOMIZATION, site.customization) : DEFAULT_CUSTOMIZATION) as CustomizationSettings;
}

/** What a site space shows: the site's settings with the site space's overrides laid over them. Pure. */
export function effectiveCustomization(
  site: Pick<SiteRecord, 'customization'>,
  siteSpace?: Pick<SiteSpaceRecord, 'customization'> | null,
): CustomizationSettings {
  const base = siteCustomization(site);
  return (siteSpace?.customization ? applyOverride(base, siteSpace.customization) : base) as CustomizationSettings;
}
