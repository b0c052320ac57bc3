/**
 * The members of GitBook's SiteCustomizationSettings the builder applies. Every field is optional so a full
 * settings object from the sites API fits as is; `withDefaults` fills what a site leaves out.
 */
import { sha1Hex } from '../platform/digest.js';

export interface ThemedColor {
  light: string;
  dark: string;
}

export interface CustomizationLink {
  title: string;
  /** A URL; content references from the sites API are resolved to URLs before the build. */
  to: string;
}

export type HeaderLinkStyle = 'link' | 'button-primary' | 'button-secondary';
export type HeaderLink = CustomizationLink & { style?: HeaderLinkStyle; links?: CustomizationLink[] };
export type IconsStyle = 'regular' | 'solid' | 'duotone' | 'light' | 'thin';
export type HintColors = Record<'info' | 'success' | 'warning' | 'danger', ThemedColor | undefined>;

export interface SiteCustomization {
  title?: string;
  styling?: {
    theme?: 'clean' | 'muted' | 'bold' | 'gradient';
    primaryColor?: ThemedColor;
    tint?: { color?: ThemedColor };
    infoColor?: ThemedColor;
    successColor?: ThemedColor;
    warningColor?: ThemedColor;
    dangerColor?: ThemedColor;
    depth?: 'subtle' | 'flat';
    icons?: IconsStyle;
    corners?: 'straight' | 'rounded' | 'circular';
    font?: string | { fontFamily?: string };
    monospaceFont?: string;
    links?: 'default' | 'accent';
    sidebar?: { background?: 'default' | 'filled'; list?: 'default' | 'pill' | 'line' };
    search?: 'prominent' | 'subtle';
  };
  favicon?: { icon?: { light: string; dark: string } | string; emoji?: string };
  header?: { logo?: { light: string; dark: string }; links?: HeaderLink[] };
  footer?: { logo?: { light: string; dark: string }; groups?: Array<{ title: string; links: CustomizationLink[] }>; copyright?: string };
  announcement?: { enabled?: boolean; message?: string; link?: CustomizationLink; style?: 'info' | 'warning' | 'danger' | 'success' };
  themes?: { default?: 'light' | 'dark' | 'system'; toggeable?: boolean };
  feedback?: { enabled?: boolean };
  git?: { showEditLink?: boolean };
  externalLinks?: { target?: 'self' | 'blank' };
  pagination?: { enabled?: boolean };
  trademark?: { enabled?: boolean };
  privacyPolicy?: { url?: string };
  socialPreview?: { url?: string };
  internationalization?: { locale?: string };
}

export interface ResolvedCustomization {
  title: string | undefined;
  theme: 'clean' | 'muted' | 'bold' | 'gradient';
  primaryColor: ThemedColor;
  /** Background tint; undefined leaves the background neutral. */
  tint: ThemedColor | undefined;
  /** Hint colours the site overrides; the others keep the stylesheet's. */
  hintColors: HintColors;
  depth: 'subtle' | 'flat';
  icons: IconsStyle;
  corners: 'straight' | 'rounded' | 'circular';
  font: string;
  monospaceFont: string;
  links: 'default' | 'accent';
  sidebarBackground: 'default' | 'filled';
  sidebarList: 'default' | 'pill' | 'line';
  search: 'prominent' | 'subtle';
  favicon: { light?: string; dark?: string; emoji?: string };
  logo: { light: string; dark: string } | undefined;
  headerLinks: HeaderLink[];
  footer: { logo?: { light: string; dark: string }; groups: Array<{ title: string; links: CustomizationLink[] }>; copyright?: string };
  announcement: { message: string; link?: CustomizationLink; style: 'info' | 'warning' | 'danger' | 'success' } | undefined;
  defaultTheme: 'light' | 'dark' | 'system';
  themeToggle: boolean;
  feedback: boolean;
  editLink: boolean;
  externalTarget: 'self' | 'blank';
  pagination: boolean;
  trademark: boolean;
  privacyPolicy: string | undefined;
  socialPreview: string | undefined;
  locale: string;
}

const FONTS: Record<string, string> = {
  Inter: 'Inter, ui-sans-serif, system-ui, sans-serif',
  Roboto: 'Roboto, ui-sans-serif, system-ui, sans-serif',
  OpenSans: '"Open Sans", ui-sans-serif, system-ui, sans-serif',
  SourceSansPro: '"Source Sans Pro", ui-sans-serif, system-ui, sans-serif',
};
const SYSTEM_FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export function resolveCustomization(c: SiteCustomization = {}): ResolvedCustomization {
  const styling = c.styling ?? {};
  const font = typeof styling.font === 'string' ? (FONTS[styling.font] ?? SYSTEM_FONT) : (styling.font?.fontFamily ?? SYSTEM_FONT);
  const icon = c.favicon?.icon;
  const announcement = c.announcement?.enabled && c.announcement.message ? c.announcement : undefined;
  return {
    title: c.title,
    theme: styling.theme ?? 'clean',
    primaryColor: styling.primaryColor ?? { light: '#346ddb', dark: '#6f9cf0' },
    tint: styling.tint?.color,
    hintColors: { info: styling.infoColor, success: styling.successColor, warning: styling.warningColor, danger: styling.dangerColor },
    depth: styling.depth ?? 'subtle',
    icons: styling.icons ?? 'regular',
    corners: styling.corners ?? 'rounded',
    font,
    monospaceFont: styling.monospaceFont ? `"${styling.monospaceFont}", ui-monospace, monospace` : 'ui-monospace, SFMono-Regular, Menlo, monospace',
    links: styling.links ?? 'default',
    sidebarBackground: styling.sidebar?.background ?? 'default',
    sidebarList: styling.sidebar?.list ?? 'default',
    search: styling.search ?? 'subtle',
    favicon: typeof icon === 'string' ? { light: icon } : { ...(icon ?? {}), ...(c.favicon?.emoji ? { emoji: c.favicon.emoji } : {}) },
    logo: c.header?.logo,
    headerLinks: c.header?.links ?? [],
    footer: { groups: [], ...c.footer },
    announcement: announcement
      ? { message: announcement.message!, style: announcement.style ?? 'info', ...(announcement.link ? { link: announcement.link } : {}) }
      : undefined,
    defaultTheme: c.themes?.default ?? 'system',
    themeToggle: c.themes?.toggeable ?? true,
    feedback: c.feedback?.enabled ?? false,
    editLink: c.git?.showEditLink ?? true,
    externalTarget: c.externalLinks?.target ?? 'self',
    pagination: c.pagination?.enabled ?? true,
    trademark: c.trademark?.enabled ?? true,
    privacyPolicy: c.privacyPolicy?.url,
    socialPreview: c.socialPreview?.url,
    locale: c.internationalization?.locale ?? 'en',
  };
}

/** A stable hash of a customization: part of every rendered page's cache key. */
export function customizationHash(c: ResolvedCustomization): string {
  return sha1Hex(stableJson(c), 16);
}

export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
