import type { SiteVisibility } from '../../model/index.js';
import type { Caller } from '../core/context.js';
import { invalidInput } from '../core/errors.js';
import type { Sites, SiteSpaceView } from './sites.js';
import { DEFAULT_CUSTOMIZATION } from './customization.js';

export interface SiteSpaceDeclaration {
  /** The space, by title or id. */
  space: string;
  path?: string | undefined;
  condition?: string | undefined;
  hidden?: boolean | undefined;
}

export interface SectionDeclaration {
  title: string;
  path?: string | undefined;
  condition?: string | undefined;
  /** Its site spaces (variants); the first is the section's default. */
  spaces: SiteSpaceDeclaration[];
}

export interface SiteDeclaration {
  title: string;
  basename?: string | undefined;
  visibility?: SiteVisibility | undefined;
  published?: boolean | undefined;
  customization?: Record<string, unknown> | undefined;
  /** Site spaces at the root (a site without sections), or... */
  spaces?: SiteSpaceDeclaration[] | undefined;
  /** ...sections, each with its site spaces. */
  sections?: SectionDeclaration[] | undefined;
}

export interface ReconcileReport {
  siteId: string;
  title: string;
  basename: string;
  created: boolean;
  /** What changed, one line each; empty when the site already matched. */
  changes: string[];
}

export async function reconcileSite(
  sites: Sites,
  caller: Caller,
  organizationId: string,
  declared: SiteDeclaration,
  spaceIdOf: (titleOrId: string) => string | undefined,
): Promise<ReconcileReport> {
  const changes: string[] = [];
  const spaceId = (ref: SiteSpaceDeclaration, where: string) => {
    const id = spaceIdOf(ref.space);
    if (!id) throw invalidInput(`${where}: no space "${ref.space}" in the organization; sync it first or fix the title`);
    return id;
  };
  const { store } = sites.access.deps;
  return await store.tx(async () => {
    let site = (await store.sites.in(organizationId)).find((s) => s.title === declared.title);
    const created = !site;
    if (!site) {
      site = (await sites.create(caller, organizationId, { title: declared.title, ...(declared.visibility ? { visibility: declared.visibility } : {}) })).site;
      changes.push(`created the site "${declared.title}"`);
    }
    const siteId = site.id;
    const patch: { basename?: string; visibility?: SiteVisibility } = {};
    if (declared.basename !== undefined && declared.basename !== site.basename) patch.basename = declared.basename;
    if (declared.visibility !== undefined && declared.visibility !== site.visibility) patch.visibility = declared.visibility;
    if (Object.keys(patch).length) {
      await sites.update(caller, organizationId, siteId, patch);
      changes.push(
        `set ${Object.entries(patch)
          .map(([k, v]) => `${k} to ${v}`)
          .join(', ')}`,
      );
    }

    const tree = async () => await sites.tree(caller, organizationId, siteId);
    const ensureSiteSpaces = async (declaredSpaces: SiteSpaceDeclaration[], sectionId: string | null, where: string) => {
      const wanted = declaredSpaces.map((ref, i) => ({ ref, spaceId: spaceId(ref, `${where}.spaces[${i}]`) }));
      const inContainer = async () => (await tree()).siteSpaces.filter((n) => n.record.sectionId === sectionId);
      for (const node of await inContainer()) {
        if (!wanted.some((w) => w.spaceId === node.spaceId)) {
          await sites.siteSpaces.delete(caller, organizationId, siteId, node.record.id);
          changes.push(`removed the site space of "${node.space.space.title}"${sectionId ? '' : ' at the root'}`);
        }
      }
      for (const { ref, spaceId: id } of wanted) {
        let node: SiteSpaceView | undefined = (await inContainer()).find((n) => n.spaceId === id);
        if (!node) {
          node = await sites.siteSpaces.add(caller, organizationId, siteId, { spaceId: id, ...(sectionId ? { sectionId } : {}) });
          changes.push(`added the space "${node.space.space.title}"`);
        }
        const update: { path?: string; condition?: string | null; hidden?: boolean } = {};
        if (ref.path !== undefined && ref.path !== node.record.path) update.path = ref.path;
        if ((ref.condition ?? null) !== node.record.condition) update.condition = ref.condition ?? null;
        if (ref.hidden !== undefined && ref.hidden !== node.record.hidden) update.hidden = ref.hidden;
        if (Object.keys(update).length) {
          await sites.siteSpaces.update(caller, organizationId, siteId, node.record.id, update);
          changes.push(`updated the site space of "${node.space.space.title}" (${Object.keys(update).join(', ')})`);
        }
      }
      const placed = await inContainer();
      return wanted.map((w) => placed.find((n) => n.spaceId === w.spaceId)!.record.id);
    };

    if (declared.sections?.length) {
      for (const [i, section] of declared.sections.entries()) {
        if (!section.spaces.length) throw invalidInput(`sites.${declared.title}.sections[${i}].spaces: a section needs at least one space`);
        let node = (await tree()).sections.find((s) => s.record.title === section.title);
        if (!node) {
          node = await sites.sections.add(caller, organizationId, siteId, {
            spaceId: spaceId(section.spaces[0]!, `sections[${i}].spaces[0]`),
            title: section.title,
          });
          changes.push(`added the section "${section.title}"`);
        }
        const ids = await ensureSiteSpaces(section.spaces, node.record.id, `sections[${i}]`);
        const update: { path?: string; condition?: string | null; defaultSiteSpace?: string } = {};
        if (section.path !== undefined && section.path !== node.record.path) update.path = section.path;
        if ((section.condition ?? null) !== node.record.condition) update.condition = section.condition ?? null;
        const current = (await tree()).sections.find((s) => s.record.id === node!.record.id)!;
        if (current.record.defaultSiteSpaceId !== ids[0]) update.defaultSiteSpace = ids[0]!;
        if (Object.keys(update).length) {
          await sites.sections.update(caller, organizationId, siteId, node.record.id, update);
          changes.push(`updated the section "${section.title}" (${Object.keys(update).join(', ')})`);
        }
      }
      for (const node of (await tree()).sections) {
        if (!declared.sections.some((s) => s.title === node.record.title)) {
          await sites.sections.delete(caller, organizationId, siteId, node.record.id);
          changes.push(`removed the section "${node.record.title}"`);
        }
      }
      const first = (await tree()).sections.find((s) => s.record.title === declared.sections![0]!.title)!;
      if ((await store.sites.get(siteId))!.defaultSectionId !== first.record.id)
        await sites.update(caller, organizationId, siteId, { defaultSiteSection: first.record.id });
    } else if (declared.spaces) {
      for (const node of (await tree()).sections) {
        await sites.sections.delete(caller, organizationId, siteId, node.record.id);
        changes.push(`removed the section "${node.record.title}"`);
      }
      const ids = await ensureSiteSpaces(declared.spaces, null, 'spaces');
      if (ids[0] && (await store.sites.get(siteId))!.defaultSiteSpaceId !== ids[0])
        await sites.update(caller, organizationId, siteId, { defaultSiteSpace: ids[0] });
    }

    if (declared.customization) {
      const settings = mergeSettings(DEFAULT_CUSTOMIZATION, declared.customization);
      if (JSON.stringify(settings) !== JSON.stringify((await store.sites.get(siteId))!.customization)) {
        await sites.customizations.update(caller, organizationId, siteId, settings);
        changes.push('updated the customization');
      }
    }
    if (declared.published !== undefined && declared.published !== (await store.sites.get(siteId))!.published) {
      await sites.publish(caller, organizationId, siteId, declared.published);
      changes.push(declared.published ? 'published it' : 'unpublished it');
    }
    const final = (await store.sites.get(siteId))!;
    return { siteId, title: final.title, basename: final.basename, created, changes };
  });
}

/** `over` laid on `base`: objects merge member by member, anything else replaces. */
export function mergeSettings(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] = isPlain(value) && isPlain(under) ? mergeSettings(under, value) : value;
  }
  return out;
}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
