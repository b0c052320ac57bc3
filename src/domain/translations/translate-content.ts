// One run over a revision's content: the target's new content, pages translated at the mdast level (only prose text
// runs go to the translator; code, URLs, block syntax and attributes stay as written). Pure apart from the translator.
import { sha1Hex } from '../../platform/digest.js';
import { frontmatterText, parsePageFile, serializePageFile, splitFrontmatter } from '../../content/index.js';
import { gitBlobOid, type RevisionContent, type RevisionPage, type RevisionReusableContent, type TranslationItemRecord } from '../../model/index.js';
import { type GlossaryTerm, TextPlan } from './text-plan.js';
import { keepHeadingAnchors, textRuns } from './text-runs.js';
import type { Translator } from './translators.js';
import { mapSeries } from '../core/async.js';

/** The frontmatter a copied page carries until someone translates it (and removes the mark). */
export const UNTRANSLATED_MARK = { key: 'translation', value: 'untranslated' } as const;

export interface ContentRunInput {
  source: RevisionContent;
  /** The target space's current content: unchanged items are taken from it, edits and all. */
  target: RevisionContent;
  /** What earlier runs translated, by item id. */
  previous: ReadonlyMap<string, TranslationItemRecord>;
  translator: Translator;
  from: string;
  to: string;
  glossary: readonly GlossaryTerm[];
  readBlob(oid: string): Promise<Uint8Array | undefined>;
}

export interface ContentRunResult {
  content: RevisionContent;
  /** New page and include files, by oid. */
  blobs: Map<string, Uint8Array>;
  /** The items translated by this run (the others were taken over). */
  items: Omit<TranslationItemRecord, 'translationId'>[];
  /** Document pages translated by this run. */
  pages: number;
  words: number;
}

type Finish<T> = () => T;

const hash = (...parts: string[]) => sha1Hex(parts.join('\u0000'));
const utf8 = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/** What makes earlier translations stale: another translator, other languages, another glossary. */
export function fingerprint(translator: Translator, from: string, to: string, glossary: readonly GlossaryTerm[]): string {
  const terms = translator.copies ? [] : [...glossary].map((t) => `${t.source}\u0001${t.target}`).sort();
  return hash(translator.id, from, to, ...terms);
}

export async function translateContent(input: ContentRunInput): Promise<ContentRunResult> {
  const fp = fingerprint(input.translator, input.from, input.to, input.glossary);
  const plan = new TextPlan(input.translator.copies ? [] : input.glossary);
  const blobs = new Map<string, Uint8Array>();
  const items: ContentRunResult['items'] = [];
  const targetPages = new Map(input.target.pages.map((p) => [p.id, p]));
  const targetIncludes = new Map(input.target.reusableContents.map((r) => [r.id, r]));
  const fresh = (id: string, key: string) => {
    const before = input.previous.get(id);
    return !before || before.sourceKey !== key || before.fingerprint !== fp;
  };
  const text = (value: string): Finish<string> => (input.translator.copies ? () => value : plan.add(value));
  const file = async (oid: string, title: string | null): Promise<Finish<Uint8Array>> => {
    const bytes = await input.readBlob(oid);
    if (!bytes) throw new Error(`the blob ${oid} is missing from the blob store`);
    if (input.translator.copies) {
      const copied = new TextEncoder().encode(markUntranslated(utf8(bytes)));
      return () => copied;
    }
    const page = translatePageFile(utf8(bytes), title, plan);
    return () => new TextEncoder().encode(page());
  };

  let pages = 0;
  const pageFinishers = await mapSeries(input.source.pages, async (page): Promise<Finish<RevisionPage>> => {
    const key = pageKey(page);
    const kept = targetPages.get(page.id);
    if (!fresh(page.id, key) && kept && kept.kind === page.kind) {
      const { parentId, slug, path } = page;
      return () => ({ ...kept, parentId, slug, path });
    }
    items.push({ itemId: page.id, kind: page.kind, sourceKey: key, fingerprint: fp });
    const title = text(page.title);
    if (page.kind !== 'document') return () => ({ ...page, title: title() });
    pages++;
    const description = page.description !== undefined ? text(page.description) : undefined;
    const bytes = await file(page.blob, page.title);
    return () => {
      const data = bytes();
      const oid = gitBlobOid(data);
      blobs.set(oid, data);
      return {
        ...page,
        title: title(),
        ...(description ? { description: description() } : {}),
        blob: oid,
        git: page.git ? { oid, path: page.git.path } : null,
      };
    };
  });

  const includeFinishers = await mapSeries(input.source.reusableContents, async (include): Promise<Finish<RevisionReusableContent>> => {
    const id = `reusable:${include.id}`;
    const key = hash(include.title, include.blob);
    const kept = targetIncludes.get(include.id);
    if (!fresh(id, key) && kept) return () => kept;
    items.push({ itemId: id, kind: 'reusable', sourceKey: key, fingerprint: fp });
    const title = text(include.title);
    const bytes = await file(include.blob, null);
    return () => {
      const data = bytes();
      const oid = gitBlobOid(data);
      blobs.set(oid, data);
      return { ...include, title: title(), blob: oid, git: include.git ? { oid, path: include.git.path } : null };
    };
  });

  plan.resolve(plan.queries.length ? await input.translator.translate(plan.queries, input.from, input.to) : []);
  const content: RevisionContent = {
    pages: pageFinishers.map((finish) => finish()),
    files: input.source.files,
    reusableContents: includeFinishers.map((finish) => finish()),
    variables: input.source.variables,
  };
  return { content, blobs, items, pages, words: plan.words };
}

function pageKey(page: RevisionPage): string {
  const own = page.kind === 'document' ? [page.blob, page.description ?? ''] : page.kind === 'link' ? [JSON.stringify(page.target)] : [];
  return hash(page.kind, page.title, ...own);
}

/**
 * A page file with its prose queued on `plan`: the `# Title` line, the frontmatter description and every text run
 * of the body. The returned function writes the file once the plan is resolved.
 */
export function translatePageFile(text: string, title: string | null, plan: TextPlan): Finish<string> {
  const page = parsePageFile(text, { title });
  const heading = page.title !== null ? plan.add(page.title) : undefined;
  const description = page.frontmatter.data.description;
  const describe = typeof description === 'string' && description.trim() ? plan.add(description) : undefined;
  const runs = textRuns(page.body).map((run) => ({ run, translated: plan.add(run.text) }));
  const anchors = keepHeadingAnchors(page.body);
  return () => {
    for (const { run, translated } of runs) run.set(translated());
    anchors();
    const data = describe ? { ...page.frontmatter.data, description: describe() } : page.frontmatter.data;
    return serializePageFile({ ...page, title: heading ? heading() : page.title, frontmatter: { ...page.frontmatter, data } });
  };
}

/** The page as written, with the untranslated mark in its frontmatter (GitBook's blank line after it kept). */
export function markUntranslated(text: string): string {
  const { frontmatter, body } = splitFrontmatter(text);
  const data = { ...frontmatter.data, [UNTRANSLATED_MARK.key]: UNTRANSLATED_MARK.value };
  const head = frontmatterText({ data, raw: frontmatter.raw });
  return head + (frontmatter.raw === null && !body.startsWith('\n') ? '\n' : '') + body;
}
