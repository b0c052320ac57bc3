// Built-in space templates (applyTemplateToSpace, createSpace with `template`): a template's Git Sync tree, its slots
// filled with the caller's files, becomes the space's next revision.
import { basename, dirname } from '../../content/paths.js';
import { gitBlobOid, newId, type RevisionContent, type RevisionFile, type SpaceRecord } from '../../model/index.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, conflict } from '../core/errors.js';
import type { ParsedBlob } from '../../content/page-parse.js';
import { PARSED_PAGE_VERSION, type ParsedPageData } from '../../content/parsed-page.js';
import { atLeast } from '../core/roles.js';
import { GitSync } from '../git-sync/git-sync.js';
import { freeAssetPath, moveAsset } from './assets.js';
import { loadCatalog, type Template } from './catalog.js';
import { TEMPLATES_DIR } from '../../platform/templates-dir.js';
import { readTemplateRequest } from './request.js';
import { ASSETS, readTemplateTree } from './tree.js';

export type { Template, TemplateSlot } from './catalog.js';
export { TEMPLATES_DIR };

/** The space a template fills, as it is now. */
export interface TemplateTarget {
  space: SpaceRecord;
  content: RevisionContent;
}

export interface PreparedTemplate {
  template: Template;
  content: RevisionContent;
  parsed: ParsedBlob[];
  /** The bytes of every page file and file the content refers to. */
  blobs: Uint8Array[];
}

export class Templates {
  constructor(
    private readonly deps: Deps,
    private readonly dir: string = TEMPLATES_DIR,
  ) {}

  list(): Template[] {
    return [...loadCatalog(this.dir).values()];
  }

  /**
   * Checks the request (`prefix` places its fields in the body) and builds the content the template gives `target`, or
   * a new space of the organization. Writes nothing.
   */
  async prepare(caller: Caller, organizationId: string, body: unknown, prefix: string, target?: TemplateTarget): Promise<PreparedTemplate> {
    const request = readTemplateRequest(body, prefix);
    const catalog = loadCatalog(this.dir);
    const template = catalog.get(request.id);
    if (!template) throw invalidInput(`${prefix}id: no template "${request.id}"; the templates are ${[...catalog.keys()].join(', ')}`);
    if (target && target.content.pages.length > 0) {
      throw conflict(`The space ${target.space.id} already has pages: a template applies to a space without content`);
    }
    const existing = new Map((target?.content.files ?? []).flatMap((f) => (f.git ? [[f.git.path, f] as const] : [])));
    let tree = new Map(template.tree);
    const taken = (path: string) => tree.has(path) || existing.has(path);

    // Each slot's template file gives way to the caller's: one of the space, or a copy of one from another space.
    const placed = new Map<string, string>();
    for (const [slot, fileId] of request.files) {
      const field = `${prefix}params.contentRefs.${slot}`;
      const spec = Object.hasOwn(template.slots, slot) ? template.slots[slot] : undefined;
      const names = Object.keys(template.slots);
      if (!spec)
        throw invalidInput(`${field}: the template "${template.id}" has no slot "${slot}"${names.length ? `; its slots are ${names.join(', ')}` : ''}`);
      const found = await this.findFile(caller, organizationId, fileId, target, `${field}.file`);
      if (spec.accept.length && !spec.accept.some((type) => found.file.contentType.startsWith(type))) {
        throw invalidInput(`${field}.file: the slot "${slot}" takes ${spec.accept.join(' or ')} files; ${found.file.name} is ${found.file.contentType}`);
      }
      if (found.local && found.file.git) tree = moveAsset(tree, spec.file, found.file.git.path);
      else {
        const path = placed.get(fileId) ?? freeAssetPath(found.file.name, taken);
        tree = moveAsset(tree, spec.file, path, found.bytes);
        placed.set(fileId, path);
      }
    }
    // The space's files keep their paths: a template file at a taken path is that file when equal, else moves aside.
    for (const path of [...tree.keys()].filter((p) => p.startsWith(ASSETS) && existing.has(p))) {
      const bytes = tree.get(path)!;
      if (existing.get(path)!.blob === gitBlobOid(bytes)) tree.delete(path);
      else tree = moveAsset(tree, path, freeAssetPath(basename(path), taken), bytes);
    }

    const built = readTemplateTree(tree, newId, (path) => existing.get(path)?.id ?? null);
    const files: RevisionFile[] = [...(target?.content.files ?? []), ...built.files];
    const content: RevisionContent = {
      pages: built.pages,
      files,
      reusableContents: target?.content.reusableContents ?? [],
      variables: target?.content.variables ?? {},
    };
    const paths = [...built.pages.flatMap((p) => (p.kind === 'document' && p.git ? [p.git.path] : [])), ...built.files.map((f) => f.git!.path)];
    return { template, content, parsed: built.parsed, blobs: paths.map((p) => tree.get(p)!) };
  }

  /** Stores the content and moves `space` to it as a new revision (compare-and-set); returns the revision id. */
  async land(space: SpaceRecord, prepared: PreparedTemplate): Promise<string> {
    const { store } = this.deps;
    for (const bytes of prepared.blobs) await store.blobs.put(bytes);
    const revisionId = newId();
    const now = nowIso(this.deps);
    await store.tx(async () => {
      await store.revisions.insert(
        { id: revisionId, spaceId: space.id, parents: [space.revisionId], type: 'edits', git: null, createdAt: now },
        prepared.content,
      );
      if (!(await store.content.setSpaceRevision(space.id, space.revisionId, revisionId, now))) {
        throw conflict(`The space ${space.id} changed while the template was applied; apply it again`);
      }
      await new GitSync(this.deps).saveParsed(await this.unparsed(prepared.parsed));
    });
    return revisionId;
  }

  /** Parse records not already stored for the same directory (the importer's rule: links resolve the same way). */
  private async unparsed(parsed: readonly ParsedBlob[]): Promise<ParsedBlob[]> {
    const known = await this.deps.store.parsed.getMany<ParsedPageData>(
      parsed.map((p) => p.oid),
      PARSED_PAGE_VERSION,
    );
    return parsed.filter((p) => {
      const hit = known.get(p.oid);
      return !(hit && dirname(hit.path ?? '') === dirname(p.data.path ?? '') && (hit.spaceRoot ?? '') === (p.data.spaceRoot ?? ''));
    });
  }

  /** A file of the target space, else of a live space of the organization the caller can read. */
  private async findFile(caller: Caller, organizationId: string, fileId: string, target: TemplateTarget | undefined, field: string) {
    const { store } = this.deps;
    const local = target?.content.files.find((f) => f.id === fileId);
    let file = local;
    for (const space of local ? [] : await store.content.spacesIn(organizationId)) {
      if (space.deletedAt || space.id === target?.space.id || !atLeast(await caller.access.spaceRole(space), 'read')) continue;
      file = (await store.revisions.content(space.revisionId)).files.find((f) => f.id === fileId);
      if (file) break;
    }
    if (!file) throw invalidInput(`${field}: no file ${fileId} in the space or in a space of its organization you can read`);
    const bytes = file.blob ? await store.blobs.get(file.blob) : undefined;
    if (!bytes) throw invalidInput(`${field}: the bytes of the file ${fileId} are not stored on this server`);
    return { file, bytes, local: local !== undefined };
  }
}
