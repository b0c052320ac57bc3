import type { SiteExternalLinkRecord, SiteRecord, SiteSectionGroupRecord, SiteSectionRecord, SiteSpaceRecord } from '../../model/index.js';
import { type CustomizationSettings, effectiveCustomization } from './customization.js';

/**
 * A site's structure as a tree, with the URL of every section and site space. Pure: built from the
 * site's records. URLs are relative to the site root (`/<basename>` on this server): a section's path
 * is left out for the default section, and a site space's for the default site space of its section,
 * so the default content lives at the shortest URL.
 */
export interface SiteSpaceNode<S> {
  kind: 'site-space';
  record: SiteSpaceRecord;
  spaceId: string;
  space: S;
  /** The default site space of its section (or of the site root). */
  default: boolean;
  /** Path under the site root, without slashes at either end ('' for the site's default content). */
  urlPath: string;
  customization: CustomizationSettings;
}

export interface SectionNode<S> {
  kind: 'section';
  record: SiteSectionRecord;
  default: boolean;
  urlPath: string;
  siteSpaces: SiteSpaceNode<S>[];
}

export interface GroupNode<S> {
  kind: 'group';
  record: SiteSectionGroupRecord;
  children: (SectionNode<S> | GroupNode<S> | LinkNode)[];
}

/** An external link, among sections and groups (only in a site with sections). */
export interface LinkNode {
  kind: 'link';
  record: SiteExternalLinkRecord;
}

export type StructureNode<S> = SiteSpaceNode<S> | SectionNode<S> | GroupNode<S> | LinkNode;

export interface SiteTree<S> {
  site: SiteRecord;
  /** `sections` once the site has a section; before that, site spaces sit at the root. */
  type: 'sections' | 'siteSpaces';
  /** Sections and groups at the root (type `sections`), or site spaces (type `siteSpaces`). */
  root: StructureNode<S>[];
  /** Flat, in display order. */
  sections: SectionNode<S>[];
  groups: GroupNode<S>[];
  siteSpaces: SiteSpaceNode<S>[];
  /** Flat, in display order; none in a site without sections. */
  links: LinkNode[];
}

export interface SiteRecords {
  site: SiteRecord;
  sections: SiteSectionRecord[];
  groups: SiteSectionGroupRecord[];
  siteSpaces: SiteSpaceRecord[];
  links?: SiteExternalLinkRecord[];
}

const byPosition = (a: { position: number; id: string }, b: { position: number; id: string }) => a.position - b.position || (a.id < b.id ? -1 : 1);
const joinPath = (...parts: string[]) => parts.filter(Boolean).join('/');

/** `spaceOf` gives what a node carries for its space (a view, or undefined when the space is gone: the node is left out). */
export function buildTree<S>(records: SiteRecords, spaceOf: (spaceId: string) => S | undefined): SiteTree<S> {
  const { site } = records;
  const sections = [...records.sections].sort(byPosition);
  const groups = [...records.groups].sort(byPosition);
  const groupIds = new Set(groups.map((g) => g.id));
  const sectionIds = new Set(sections.map((s) => s.id));
  const type = sections.length ? 'sections' : 'siteSpaces';
  const defaultSectionId = sectionIds.has(site.defaultSectionId ?? '') ? site.defaultSectionId : null;

  const siteSpacesIn = (sectionId: string | null, defaultId: string | null, prefix: string): SiteSpaceNode<S>[] => {
    const list = records.siteSpaces
      .filter((ss) => (sectionId === null ? ss.sectionId === null || !sectionIds.has(ss.sectionId) : ss.sectionId === sectionId))
      .sort(byPosition)
      .flatMap((record) => {
        const space = spaceOf(record.spaceId);
        return space === undefined ? [] : [{ record, space }];
      });
    const chosen = list.some((x) => x.record.id === defaultId) ? defaultId : list[0]?.record.id;
    return list.map(({ record, space }) => {
      const isDefault = record.id === chosen;
      return {
        kind: 'site-space',
        record,
        spaceId: record.spaceId,
        space,
        default: isDefault,
        urlPath: joinPath(prefix, isDefault ? '' : record.path),
        customization: effectiveCustomization(site, record),
      };
    });
  };

  const flatSections: SectionNode<S>[] = [];
  const flatGroups: GroupNode<S>[] = [];
  const flatLinks: LinkNode[] = [];
  const links = [...(records.links ?? [])].sort(byPosition);
  const firstSectionId = orderedSectionIds(sections, groups)[0] ?? null;
  const theDefault = defaultSectionId ?? firstSectionId;

  const sectionNode = (record: SiteSectionRecord): SectionNode<S> => {
    const isDefault = record.id === theDefault;
    const urlPath = isDefault ? '' : record.path;
    const node: SectionNode<S> = {
      kind: 'section',
      record,
      default: isDefault,
      urlPath,
      siteSpaces: siteSpacesIn(record.id, record.defaultSiteSpaceId, urlPath),
    };
    flatSections.push(node);
    return node;
  };
  const inParent = (parentId: string | null, groupId: string | null) => (parentId === null ? groupId === null || !groupIds.has(groupId) : groupId === parentId);
  const childrenOf = (parentId: string | null, seen: Set<string>): (SectionNode<S> | GroupNode<S> | LinkNode)[] => {
    const items: (SiteSectionRecord | SiteSectionGroupRecord | SiteExternalLinkRecord)[] = [
      ...sections.filter((s) => inParent(parentId, s.groupId)),
      ...groups.filter((g) => g.id !== parentId && inParent(parentId, g.parentId)),
      ...links.filter((l) => inParent(parentId, l.groupId)),
    ].sort(byPosition);
    return items.flatMap((item): (SectionNode<S> | GroupNode<S> | LinkNode)[] => {
      if ('path' in item) return [sectionNode(item)];
      if ('url' in item) {
        const node: LinkNode = { kind: 'link', record: item };
        flatLinks.push(node);
        return [node];
      }
      if (seen.has(item.id)) return [];
      const node: GroupNode<S> = { kind: 'group', record: item, children: [] };
      flatGroups.push(node);
      node.children = childrenOf(item.id, new Set([...seen, item.id]));
      return [node];
    });
  };

  if (type === 'siteSpaces') {
    const root = siteSpacesIn(null, site.defaultSiteSpaceId, '');
    return { site, type, root, sections: [], groups: [], siteSpaces: root, links: [] };
  }
  const root = childrenOf(null, new Set());
  return { site, type, root, sections: flatSections, groups: flatGroups, siteSpaces: flatSections.flatMap((s) => s.siteSpaces), links: flatLinks };
}

/** Section ids in display order (groups expanded in place). */
function orderedSectionIds(sections: SiteSectionRecord[], groups: SiteSectionGroupRecord[]): string[] {
  const groupIds = new Set(groups.map((g) => g.id));
  const walk = (parentId: string | null, seen: Set<string>): string[] =>
    [
      ...sections.filter((s) => (parentId === null ? s.groupId === null || !groupIds.has(s.groupId) : s.groupId === parentId)),
      ...groups.filter((g) => g.id !== parentId && (parentId === null ? g.parentId === null || !groupIds.has(g.parentId) : g.parentId === parentId)),
    ]
      .sort(byPosition)
      .flatMap((item) => ('path' in item ? [item.id] : seen.has(item.id) ? [] : walk(item.id, new Set([...seen, item.id]))));
  return walk(null, new Set());
}

/** A position for an item placed before or after `anchor` among `siblings` (sorted or not), or at the end. */
export function positionAmong(siblings: { id: string; position: number }[], placement: { before?: string; after?: string } = {}): number {
  const sorted = [...siblings].sort(byPosition);
  const anchorId = placement.before ?? placement.after;
  const index = anchorId === undefined ? -1 : sorted.findIndex((s) => s.id === anchorId);
  if (index === -1) return (sorted[sorted.length - 1]?.position ?? 0) + 1;
  const anchor = sorted[index]!.position;
  if (placement.before !== undefined) {
    const previous = sorted[index - 1];
    return previous ? (previous.position + anchor) / 2 : anchor - 1;
  }
  const next = sorted[index + 1];
  return next ? (anchor + next.position) / 2 : anchor + 1;
}

/** Root-level siblings of a section or group: the items whose parent group is `groupId` (null: the root). */
export function siblingsIn(tree: SiteTree<unknown>, groupId: string | null): { id: string; position: number }[] {
  return [
    ...tree.sections.filter((s) => s.record.groupId === groupId).map((s) => s.record),
    ...tree.groups.filter((g) => g.record.parentId === groupId).map((g) => g.record),
    ...tree.links.filter((l) => l.record.groupId === groupId).map((l) => l.record),
  ];
}
