// Reviews of a change request, and the reviewers asked for one.
import { type ChangeRequestRecord, type ChangeRequestReviewRecord, newId, type ReviewStatus } from '../../model/index.js';
import type { ChangeRequests } from './change-requests.js';
import type { Caller, Deps } from '../core/context.js';
import { nowIso } from '../core/context.js';
import { invalidInput, forbidden, notFound } from '../core/errors.js';
import { paginate, type Page, type PageRequest } from '../core/pagination.js';
import { atLeast } from '../core/roles.js';
import { isOutdated } from './merge-rules.js';
import type { ChangeRequestView, RequestedReviewerView, ReviewView } from './views.js';

export interface ReviewInput {
  status: ReviewStatus;
  /** `{markdown}`, `{document}` or `{}` (no comment). */
  comment?: unknown;
}

export interface ReviewQuery extends PageRequest {
  outdated?: boolean;
}

export interface ReviewersInput {
  users: string[];
  subject?: string;
  description?: unknown;
}

export class Reviews {
  constructor(
    private readonly deps: Deps,
    private readonly changeRequests: ChangeRequests,
  ) {}

  async submit(caller: Caller, spaceId: string, changeRequestId: string, input: ReviewInput): Promise<ReviewView> {
    const { changeRequest: cr } = await this.changeRequests.find(caller, spaceId, changeRequestId, 'review');
    this.changeRequests.requireActive(cr, 'reviewed');
    if (cr.createdBy === caller.user.id) throw forbidden('You cannot review your own change request');
    const { store } = this.deps;
    const now = nowIso(this.deps);
    const comment = input.comment && Object.keys(input.comment).length ? input.comment : null;
    // The status and the reviewer request are read in the transaction that records the review: a change request
    // merged or archived meanwhile gets no review. The review stays on the revision read above (what was reviewed):
    // content landed since makes it outdated, never approved unseen.
    const review = await store.tx(async () => {
      this.changeRequests.requireActive(await this.current(cr.id), 'reviewed');
      const request = (await store.changeRequests.reviewers(cr.id)).find((r) => r.userId === caller.user.id);
      const review: ChangeRequestReviewRecord = {
        id: newId(),
        changeRequestId: cr.id,
        reviewerId: caller.user.id,
        requestedBy: request?.requestedBy ?? null,
        status: input.status,
        revisionId: cr.revisionId,
        comment,
        createdAt: now,
        updatedAt: now,
      };
      await store.changeRequests.insertReview(review);
      return review;
    });
    return await this.reviewView(review, [review], []);
  }

  async list(caller: Caller, spaceId: string, changeRequestId: string, query: ReviewQuery): Promise<Page<ReviewView>> {
    const { changeRequest: cr } = await this.changeRequests.find(caller, spaceId, changeRequestId, 'read');
    const { store } = this.deps;
    const reviews = await store.changeRequests.reviews(cr.id);
    const reviewers = await store.changeRequests.reviewers(cr.id);
    const views = await Promise.all(reviews.map(async (r) => await this.reviewView(r, reviews, reviewers)));
    const filtered = query.outdated === undefined ? views : views.filter((v) => v.outdated === query.outdated);
    const position = new Map(reviews.map((r, i) => [r.id, i]));
    return paginate(filtered, query, (v) => [position.get(v.review.id)!]);
  }

  async get(caller: Caller, spaceId: string, changeRequestId: string, reviewId: string): Promise<ReviewView> {
    const { changeRequest: cr } = await this.changeRequests.find(caller, spaceId, changeRequestId, 'read');
    const { store } = this.deps;
    const reviews = await store.changeRequests.reviews(cr.id);
    const review = reviews.find((r) => r.id === reviewId);
    if (!review) throw notFound(`No review ${reviewId} in the change request ${changeRequestId}`);
    return await this.reviewView(review, reviews, await store.changeRequests.reviewers(cr.id));
  }

  /** Asks each user for a review (again: an earlier review of theirs becomes outdated); may also set the subject and description. */
  async request(
    caller: Caller,
    spaceId: string,
    changeRequestId: string,
    input: ReviewersInput,
  ): Promise<{ view: ChangeRequestView; requested: RequestedReviewerView[] }> {
    const found = await this.changeRequests.find(caller, spaceId, changeRequestId, 'edit');
    const { changeRequest: cr, space } = found;
    this.changeRequests.requireActive(cr, 'reviewed');
    if (input.users.length === 0) throw invalidInput('users: give at least one user id');
    const { store } = this.deps;
    const users = await Promise.all(
      [...new Set(input.users)].map(async (id, i) => {
        const user = await store.users.get(id);
        const member = await store.organizations.member(space.organizationId, id);
        if (!user || !member || member.disabled) throw invalidInput(`users.${i}: ${id} is not a member of the organization ${space.organizationId}`);
        return user;
      }),
    );
    const now = nowIso(this.deps);
    await store.tx(async () => {
      // Checked again where the requests land: a change request merged or archived meanwhile asks for no review.
      this.changeRequests.requireActive(await this.current(cr.id), 'reviewed');
      for (const user of users)
        await store.changeRequests.putReviewer({
          changeRequestId: cr.id,
          userId: user.id,
          requestedBy: caller.user.id,
          revisionId: cr.revisionId,
          createdAt: now,
        });
      if (input.subject !== undefined || input.description !== undefined) {
        await this.changeRequests.update(caller, spaceId, cr.id, {
          ...(input.subject !== undefined ? { subject: input.subject } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        });
      }
    });
    const requests = await store.changeRequests.reviewers(cr.id);
    const requested = await Promise.all(users.map(async (u) => await this.reviewerView(requests.find((r) => r.userId === u.id)!)));
    return { view: await this.changeRequests.get(caller, spaceId, cr.id), requested };
  }

  async reviewers(caller: Caller, spaceId: string, changeRequestId: string, query: PageRequest): Promise<Page<RequestedReviewerView>> {
    const { changeRequest: cr } = await this.changeRequests.find(caller, spaceId, changeRequestId, 'read');
    const requests = await this.deps.store.changeRequests.reviewers(cr.id);
    const position = new Map(requests.map((r, i) => [r.userId, i]));
    return paginate(await Promise.all(requests.map(async (r) => await this.reviewerView(r))), query, (v) => [position.get(v.request.userId)!]);
  }

  /** True when the user had been asked for a review. */
  async removeReviewer(caller: Caller, spaceId: string, changeRequestId: string, userId: string): Promise<boolean> {
    const { changeRequest: cr, space } = await this.changeRequests.find(caller, spaceId, changeRequestId, 'read');
    // Reviewers may step down themselves; everyone else needs to be able to edit the change request.
    if (userId !== caller.user.id && !atLeast(await caller.access.spaceRole(space), 'edit')) {
      throw forbidden(`This needs the edit role on the space ${space.id}`);
    }
    return await this.deps.store.changeRequests.removeReviewer(cr.id, userId);
  }

  /** The change request as it is now (inside a transaction: as that transaction writes it). */
  private async current(id: string): Promise<ChangeRequestRecord> {
    const cr = await this.deps.store.changeRequests.get(id);
    if (!cr) throw notFound(`No change request ${id}`);
    return cr;
  }

  private async reviewView(
    review: ChangeRequestReviewRecord,
    reviews: ChangeRequestReviewRecord[],
    reviewers: Parameters<typeof isOutdated>[2],
  ): Promise<ReviewView> {
    return {
      review,
      spaceId: (await this.current(review.changeRequestId)).spaceId,
      reviewer: await this.changeRequests.user(review.reviewerId),
      requestedBy: review.requestedBy ? await this.changeRequests.user(review.requestedBy) : null,
      outdated: isOutdated(review, reviews, reviewers),
    };
  }

  private async reviewerView(request: RequestedReviewerView['request']): Promise<RequestedReviewerView> {
    return { request, user: await this.changeRequests.user(request.userId), requestedBy: await this.changeRequests.user(request.requestedBy) };
  }
}
