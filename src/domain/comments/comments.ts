import type { CommentRecord, CommentReplyRecord, CommentStatus, ReactionRecord, SpaceRecord, UserRecord } from '../../model/index.js';
import { newId } from '../../model/index.js';
import { type BodyFormat, type BodyInput, CommentBodies, type CommentBody } from './body.js';
import { commenterViews } from './commenters.js';
import { decodeCursor, encodeCursor, limitOf } from './cursor.js';
import { emojiList, groupReactions } from './reactions.js';
import { resolveTarget, type TargetInput } from './targets.js';
import type { Contents, RevisionView } from '../content/content.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, forbidden, notFound } from '../core/errors.js';
import type { MemberView } from '../organizations/organizations.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast, type RoleName } from '../core/roles.js';
import type { Spaces } from '../spaces/spaces.js';

export type { BodyFormat, BodyInput, CommentBody } from './body.js';
export { MAX_BODY_CHARS } from './body.js';

/** Which discussion: the space's own, or one of its change requests (by id or number). */
export interface ThreadRef {
  spaceId: string;
  changeRequest?: string;
}

/** A change request as comments need it: its id and the revision its content is in. */
export interface ChangeRequestScope {
  space: SpaceRecord;
  role: RoleName;
  changeRequest: { id: string; revisionId: string };
}

export type FindChangeRequest = (caller: Caller, spaceId: string, idOrNumber: string, needed: RoleName) => Promise<ChangeRequestScope>;

/** A resolved discussion the caller may at least read. */
export interface Thread {
  space: SpaceRecord;
  role: RoleName;
  changeRequestId: string | null;
  /** Where comment targets are looked up: the change request's revision, or the space's current one. */
  revisionId: string;
}

export interface CommentQuery extends PageRequest {
  order?: 'asc' | 'desc';
  status?: 'all' | CommentStatus;
  targetPage?: string;
  authors?: string[];
  format?: BodyFormat;
}

export interface CommentInput extends TargetInput {
  body: BodyInput;
}

export interface CommentPatch {
  resolved?: boolean;
  body?: BodyInput;
  addedReactions?: string[];
  removedReactions?: string[];
}

export interface ReactionView {
  emoji: string;
  users: { user: UserRecord; reactedAt: string }[];
}

export interface CommentPermissions {
  view: boolean;
  edit: boolean;
  reply: boolean;
  delete: boolean;
}

export interface CommentView {
  thread: Thread;
  comment: CommentRecord;
  postedBy: UserRecord;
  resolvedBy: UserRecord | null;
  body: CommentBody;
  reactions: ReactionView[];
  replies: number;
  repliers: { user: UserRecord; count: number; updatedAt: string }[];
  /** The target page as it is now (or as it was, when it is gone: `outdated`). */
  page: { id: string; title: string; path: string; emoji?: string; icon?: string; outdated: boolean } | null;
  permissions: CommentPermissions;
}

export interface ReplyView {
  thread: Thread;
  reply: CommentReplyRecord;
  postedBy: UserRecord;
  body: CommentBody;
  reactions: ReactionView[];
  permissions: CommentPermissions;
}

/**
 * Discussions on spaces and change requests: comments, replies and reactions. Reading needs `read`,
 * posting, reacting and resolving need `comment`; authors edit and delete what they wrote, admins anything.
 */
/** The least role that may change a comment or a reply in any way (its author's or an admin's checks come after). */
const CHANGE_ROLE: RoleName = 'comment';

export class Comments {
  readonly bodies = new CommentBodies();

  constructor(
    private readonly deps: Deps,
    private readonly spaces: Spaces,
    private readonly contents: Contents,
    /** Lazy: change requests are built after comments. */
    private readonly findChangeRequest: () => FindChangeRequest,
  ) {}

  async list(caller: Caller, ref: ThreadRef, query: CommentQuery): Promise<Page<CommentView>> {
    const thread = await this.thread(caller, ref, 'read');
    const limit = limitOf(query);
    const status = query.status === undefined || query.status === 'all' ? undefined : query.status;
    const { items, count, more } = await this.deps.store.comments.list(
      {
        spaceId: thread.space.id,
        changeRequestId: thread.changeRequestId,
        ...(status ? { status } : {}),
        ...(query.targetPage !== undefined ? { pageId: query.targetPage } : {}),
        ...(query.authors?.length ? { authors: query.authors } : {}),
      },
      { order: query.order ?? 'desc', after: decodeCursor(query.page), limit },
    );
    const last = items[items.length - 1];
    return {
      items: await this.views(caller, thread, items, query.format),
      count,
      ...(more && last ? { next: encodeCursor([last.postedAt, last.id]) } : {}),
    };
  }

  async get(caller: Caller, ref: ThreadRef, id: string, format?: BodyFormat): Promise<CommentView> {
    const thread = await this.thread(caller, ref, 'read');
    return await this.view(caller, thread, await this.find(thread, id), format);
  }

  async post(caller: Caller, ref: ThreadRef, input: CommentInput): Promise<CommentView> {
    const thread = await this.thread(caller, ref, 'comment');
    const body = this.bodies.read(input.body);
    const target = await resolveTarget(this.contents, await this.revisionView(caller, thread), input);
    const comment: CommentRecord = {
      id: newId(),
      spaceId: thread.space.id,
      changeRequestId: thread.changeRequestId,
      revisionId: thread.revisionId,
      target,
      postedBy: caller.user.id,
      postedAt: nowIso(this.deps),
      editedAt: null,
      markdown: body.markdown,
      bodyOid: body.oid,
      status: 'open',
      resolvedAt: null,
      resolvedBy: null,
    };
    await this.deps.store.comments.insert(comment);
    return await this.view(caller, thread, comment);
  }

  async update(caller: Caller, ref: ThreadRef, id: string, patch: CommentPatch): Promise<CommentView> {
    const thread = await this.thread(caller, ref, CHANGE_ROLE);
    const comment = await this.find(thread, id);
    if (patch.body !== undefined) this.requireAuthorOrAdmin(caller, thread, comment.postedBy, 'edit', `comment ${id}`);
    if (patch.resolved !== undefined || patch.addedReactions?.length || patch.removedReactions?.length) {
      this.requireRole(thread, 'comment');
    }
    const body = patch.body === undefined ? undefined : this.bodies.read(patch.body);
    const reactions = reactionChanges(patch);
    const now = nowIso(this.deps);
    const { store } = this.deps;
    // The comment as it is now, read in the transaction that writes it: the record read above would undo an edit or a
    // resolution saved meanwhile, and a comment deleted meanwhile is not found (its reactions would have no comment).
    const next = await store.tx(async () => {
      const current = await this.find(thread, id);
      const next: CommentRecord = { ...current };
      if (body && body.markdown !== current.markdown) Object.assign(next, { markdown: body.markdown, bodyOid: body.oid, editedAt: now });
      if (patch.resolved === true && current.status !== 'resolved') Object.assign(next, { status: 'resolved', resolvedAt: now, resolvedBy: caller.user.id });
      if (patch.resolved === false) Object.assign(next, { status: 'open', resolvedAt: null, resolvedBy: null });
      await store.comments.update(next);
      await this.applyReactions(caller, current.id, current.id, reactions, now);
      return next;
    });
    return await this.view(caller, thread, next);
  }

  /** True when the comment was there and is now gone (with its replies and reactions). */
  async delete(caller: Caller, ref: ThreadRef, id: string): Promise<boolean> {
    const thread = await this.thread(caller, ref, CHANGE_ROLE);
    const comment = await this.deps.store.comments.get(thread.space.id, thread.changeRequestId, id);
    if (!comment) return false;
    this.requireAuthorOrAdmin(caller, thread, comment.postedBy, 'delete', `comment ${id}`);
    return await this.deps.store.tx(async () => await this.deps.store.comments.delete(id));
  }

  // Replies

  async listReplies(caller: Caller, ref: ThreadRef, commentId: string, query: PageRequest & { format?: BodyFormat }): Promise<Page<ReplyView>> {
    const thread = await this.thread(caller, ref, 'read');
    const comment = await this.find(thread, commentId);
    const { items, count, more } = await this.deps.store.comments.replies(comment.id, {
      order: 'asc',
      after: decodeCursor(query.page),
      limit: limitOf(query),
    });
    const reactions = await this.reactionsOf(items.map((r) => r.id));
    const last = items[items.length - 1];
    return {
      items: await Promise.all(items.map(async (reply) => await this.replyView(caller, thread, reply, reactions.get(reply.id) ?? [], query.format))),
      count,
      ...(more && last ? { next: encodeCursor([last.postedAt, last.id]) } : {}),
    };
  }

  async getReply(caller: Caller, ref: ThreadRef, commentId: string, replyId: string, format?: BodyFormat): Promise<ReplyView> {
    const thread = await this.thread(caller, ref, 'read');
    const reply = await this.findReply(thread, commentId, replyId);
    return await this.replyView(caller, thread, reply, (await this.reactionsOf([reply.id])).get(reply.id) ?? [], format);
  }

  async postReply(caller: Caller, ref: ThreadRef, commentId: string, input: { body: BodyInput }, format?: BodyFormat): Promise<ReplyView> {
    const thread = await this.thread(caller, ref, 'comment');
    const comment = await this.find(thread, commentId);
    const body = this.bodies.read(input.body);
    const reply: CommentReplyRecord = {
      id: newId(),
      commentId: comment.id,
      postedBy: caller.user.id,
      postedAt: nowIso(this.deps),
      editedAt: null,
      markdown: body.markdown,
      bodyOid: body.oid,
    };
    // The comment is looked up again where the reply lands: one deleted meanwhile is a 404, not a reply to nothing.
    await this.deps.store.tx(async () => {
      await this.find(thread, commentId);
      await this.deps.store.comments.insertReply(reply);
    });
    return await this.replyView(caller, thread, reply, [], format);
  }

  async updateReply(caller: Caller, ref: ThreadRef, commentId: string, replyId: string, patch: Omit<CommentPatch, 'resolved'>): Promise<ReplyView> {
    const thread = await this.thread(caller, ref, CHANGE_ROLE);
    const reply = await this.findReply(thread, commentId, replyId);
    if (patch.body !== undefined) this.requireAuthorOrAdmin(caller, thread, reply.postedBy, 'edit', `reply ${replyId}`);
    if (patch.addedReactions?.length || patch.removedReactions?.length) this.requireRole(thread, 'comment');
    const body = patch.body === undefined ? undefined : this.bodies.read(patch.body);
    const reactions = reactionChanges(patch);
    const now = nowIso(this.deps);
    const { store } = this.deps;
    // The reply as it is now: one deleted meanwhile is not found (a reaction to it would stay behind, to nothing).
    const next = await store.tx(async () => {
      const current = await this.findReply(thread, commentId, replyId);
      const next = body && body.markdown !== current.markdown ? { ...current, markdown: body.markdown, bodyOid: body.oid, editedAt: now } : current;
      if (next !== current) await store.comments.updateReply(next);
      await this.applyReactions(caller, current.commentId, current.id, reactions, now);
      return next;
    });
    return await this.replyView(caller, thread, next, (await this.reactionsOf([reply.id])).get(reply.id) ?? []);
  }

  async deleteReply(caller: Caller, ref: ThreadRef, commentId: string, replyId: string): Promise<boolean> {
    const thread = await this.thread(caller, ref, CHANGE_ROLE);
    const comment = await this.deps.store.comments.get(thread.space.id, thread.changeRequestId, commentId);
    const reply = comment && (await this.deps.store.comments.reply(comment.id, replyId));
    if (!reply) return false;
    this.requireAuthorOrAdmin(caller, thread, reply.postedBy, 'delete', `reply ${replyId}`);
    return await this.deps.store.tx(async () => await this.deps.store.comments.deleteReply(reply.id));
  }

  /** Members who posted a comment or a reply in the discussion, first poster first. */
  async commenters(caller: Caller, ref: ThreadRef, query: PageRequest): Promise<Page<MemberView>> {
    const thread = await this.thread(caller, ref, 'read');
    const posters = await this.deps.store.comments.commenters(thread.space.id, thread.changeRequestId);
    const firstAt = new Map(posters.map((p, i) => [p.userId, i]));
    const members = await commenterViews(
      this.deps.store,
      thread.space.organizationId,
      posters.map((p) => p.userId),
    );
    return paginate(members, query, (m) => [firstAt.get(m.user.id)!]);
  }

  /** Open comments of the space itself, or of one of its change requests. */
  async openCount(spaceId: string, changeRequestId: string | null = null): Promise<number> {
    return await this.deps.store.comments.countOpen(spaceId, changeRequestId);
  }

  // Internals

  private async thread(caller: Caller, ref: ThreadRef, needed: RoleName): Promise<Thread> {
    if (ref.changeRequest === undefined) {
      const space = await this.spaces.find(ref.spaceId);
      const role = await caller.access.requireSpace(space, needed);
      return { space, role, changeRequestId: null, revisionId: space.revisionId };
    }
    const { space, role, changeRequest } = await this.findChangeRequest()(caller, ref.spaceId, ref.changeRequest, needed);
    return { space, role, changeRequestId: changeRequest.id, revisionId: changeRequest.revisionId };
  }

  private async revisionView(caller: Caller, thread: Thread): Promise<RevisionView> {
    return await this.contents.revision(caller, thread.space.id, thread.revisionId);
  }

  private async find(thread: Thread, id: string): Promise<CommentRecord> {
    const comment = await this.deps.store.comments.get(thread.space.id, thread.changeRequestId, id);
    if (!comment) throw notFound(`No comment ${id} in ${where(thread)}`);
    return comment;
  }

  private async findReply(thread: Thread, commentId: string, replyId: string): Promise<CommentReplyRecord> {
    const comment = await this.find(thread, commentId);
    const reply = await this.deps.store.comments.reply(comment.id, replyId);
    if (!reply) throw notFound(`No reply ${replyId} to the comment ${commentId} in ${where(thread)}`);
    return reply;
  }

  private requireRole(thread: Thread, needed: RoleName): void {
    if (!atLeast(thread.role, needed)) throw forbidden(`This needs the ${needed} role on the space ${thread.space.id}; you have ${thread.role}`);
  }

  private requireAuthorOrAdmin(caller: Caller, thread: Thread, authorId: string, action: 'edit' | 'delete', what: string): void {
    if (!mayChange(caller, thread, authorId)) {
      throw forbidden(`Only the author of the ${what} or a space admin may ${action} it`);
    }
  }

  private async applyReactions(
    caller: Caller,
    commentId: string,
    subjectId: string,
    changes: { added: string[]; removed: string[] },
    now: string,
  ): Promise<void> {
    const { comments } = this.deps.store;
    for (const emoji of changes.added) await comments.react(commentId, { subjectId, emoji, userId: caller.user.id, reactedAt: now });
    for (const emoji of changes.removed) await comments.unreact(subjectId, emoji, caller.user.id);
  }

  private async view(caller: Caller, thread: Thread, comment: CommentRecord, format?: BodyFormat): Promise<CommentView> {
    return (await this.views(caller, thread, [comment], format))[0]!;
  }

  /** Views of a page of comments: reactions, reply counts and users are read once for the whole page. */
  private async views(caller: Caller, thread: Thread, comments: CommentRecord[], format?: BodyFormat): Promise<CommentView[]> {
    if (comments.length === 0) return [];
    const ids = comments.map((c) => c.id);
    const reactions = await this.reactionsOf(ids);
    const repliers = new Map<string, CommentView['repliers']>();
    for (const r of await this.deps.store.comments.repliers(ids)) {
      const list = repliers.get(r.commentId) ?? [];
      list.push({ user: await this.user(r.userId), count: r.count, updatedAt: r.updatedAt });
      repliers.set(r.commentId, list);
    }
    const pages = comments.some((c) => c.target.page) ? (await this.revisionView(caller, thread)).index.pages : undefined;
    return await Promise.all(
      comments.map(async (comment) => {
        const snapshot = comment.target.page;
        const current = snapshot && pages?.get(snapshot.id);
        const theirs = repliers.get(comment.id) ?? [];
        return {
          thread,
          comment,
          postedBy: await this.user(comment.postedBy),
          resolvedBy: comment.resolvedBy ? await this.user(comment.resolvedBy) : null,
          body: this.bodies.write(comment.markdown, comment.bodyOid, format),
          reactions: reactions.get(comment.id) ?? [],
          replies: theirs.reduce((sum, r) => sum + r.count, 0),
          repliers: theirs,
          page: !snapshot
            ? null
            : current
              ? {
                  id: current.id,
                  title: current.title,
                  path: current.path,
                  ...(current.kind === 'document' && current.emoji ? { emoji: current.emoji } : {}),
                  ...(current.kind === 'document' && current.icon ? { icon: current.icon } : {}),
                  outdated: false,
                }
              : { ...snapshot, outdated: true },
          permissions: permissionsFor(caller, thread, comment.postedBy),
        };
      }),
    );
  }

  private async replyView(caller: Caller, thread: Thread, reply: CommentReplyRecord, reactions: ReactionView[], format?: BodyFormat): Promise<ReplyView> {
    return {
      thread,
      reply,
      postedBy: await this.user(reply.postedBy),
      body: this.bodies.write(reply.markdown, reply.bodyOid, format),
      reactions,
      permissions: permissionsFor(caller, thread, reply.postedBy),
    };
  }

  private async reactionsOf(subjectIds: string[]): Promise<Map<string, ReactionView[]>> {
    const bySubject = new Map<string, ReactionRecord[]>();
    for (const r of await this.deps.store.comments.reactions(subjectIds)) bySubject.set(r.subjectId, [...(bySubject.get(r.subjectId) ?? []), r]);
    return new Map(
      await Promise.all(
        [...bySubject].map(
          async ([id, list]): Promise<[string, ReactionView[]]> => [
            id,
            await Promise.all(
              groupReactions(list).map(async (g) => ({
                emoji: g.emoji,
                users: await Promise.all(g.users.map(async (u) => ({ user: await this.user(u.userId), reactedAt: u.reactedAt }))),
              })),
            ),
          ],
        ),
      ),
    );
  }

  private async user(id: string): Promise<UserRecord> {
    return (await this.deps.store.users.get(id)) ?? { id, displayName: 'Former user', email: '', photoURL: null, createdAt: '' };
  }
}

function where(thread: Thread): string {
  return thread.changeRequestId ? `the change request ${thread.changeRequestId}` : `the space ${thread.space.id}`;
}

/** Authors who may still comment change their own posts; admins change anything. */
function mayChange(caller: Caller, thread: Thread, authorId: string): boolean {
  return atLeast(thread.role, 'admin') || (authorId === caller.user.id && atLeast(thread.role, 'comment'));
}

function permissionsFor(caller: Caller, thread: Thread, authorId: string): CommentPermissions {
  const change = mayChange(caller, thread, authorId);
  return { view: true, edit: change, reply: atLeast(thread.role, 'comment'), delete: change };
}

function reactionChanges(patch: Pick<CommentPatch, 'addedReactions' | 'removedReactions'>): { added: string[]; removed: string[] } {
  const added = emojiList(patch.addedReactions, 'addedReactions');
  const removed = emojiList(patch.removedReactions, 'removedReactions');
  const both = added.find((emoji) => removed.includes(emoji));
  if (both) throw invalidInput(`removedReactions: ${both} is also in addedReactions; send one or the other`);
  return { added, removed };
}
