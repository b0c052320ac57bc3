// Merge rules (`mergeRules` of a space, or of its organization when the space inherits): what must hold before merging.
import type { ChangeRequestRecord, ChangeRequestReviewRecord, MergeRules, RequestedReviewerRecord } from '../../model/index.js';

interface MergeRule {
  rule: string;
  users?: string[];
}

export interface MergeRuleInput {
  callerId: string;
  changeRequest: ChangeRequestRecord;
  /** The change request is behind the space's current revision. */
  outdated: boolean;
  reviews: readonly ChangeRequestReviewRecord[];
  reviewers: readonly RequestedReviewerRecord[];
}

/** The rules in force for a space: its own, or its organization's when it inherits. */
export function effectiveRules(space: MergeRules, organization: MergeRules): MergeRule[] {
  const config = space.type === 'inherit' ? organization : space;
  return config.type === 'rules' ? ((config.rules ?? []) as MergeRule[]) : [];
}

/** A review is outdated once its reviewer reviewed again or was asked to review again. */
export function isOutdated(
  review: ChangeRequestReviewRecord,
  reviews: readonly ChangeRequestReviewRecord[],
  reviewers: readonly RequestedReviewerRecord[],
): boolean {
  const later = reviews.slice(reviews.indexOf(review) + 1).some((r) => r.reviewerId === review.reviewerId);
  return later || reviewers.some((r) => r.userId === review.reviewerId && r.createdAt > review.createdAt);
}

/** A sentence for each rule the change request does not meet yet; empty when it may be merged. */
export function unmetRules(rules: readonly MergeRule[], input: MergeRuleInput): string[] {
  if (rules.some((r) => r.rule === 'allow_bypass' && r.users?.includes(input.callerId))) return [];
  const current = input.reviews.filter((r) => !isOutdated(r, input.reviews, input.reviewers));
  const approvedBy = new Set(current.filter((r) => r.status === 'approved').map((r) => r.reviewerId));
  const unmet: string[] = [];
  for (const rule of rules) {
    const users = rule.users ?? [];
    switch (rule.rule) {
      case 'allow_bypass':
        break;
      case 'require_specific_reviewers': {
        const missing = users.filter((u) => !approvedBy.has(u));
        if (missing.length) unmet.push(`an approval from each of ${users.join(', ')} (missing ${missing.join(', ')})`);
        break;
      }
      case 'require_one_of_specific_reviewers':
        if (!users.some((u) => approvedBy.has(u))) unmet.push(`an approval from one of ${users.join(', ')}`);
        break;
      case 'require_at_least_one_review':
        if (approvedBy.size === 0) unmet.push('at least one approving review');
        break;
      case 'require_all_reviews_approved': {
        const pending = input.reviewers.filter((r) => !approvedBy.has(r.userId)).map((r) => r.userId);
        const blocking = current.filter((r) => r.status === 'changes-requested').map((r) => r.reviewerId);
        if (pending.length || blocking.length || approvedBy.size === 0) unmet.push('every requested review approved');
        break;
      }
      case 'require_up_to_date_change_request':
        if (input.outdated) unmet.push('the change request up to date with the space (update it first)');
        break;
      case 'require_change_request_subject':
        if (!input.changeRequest.subject.trim()) unmet.push('a subject');
        break;
      case 'require_change_request_description':
        if (!hasText(input.changeRequest.description)) unmet.push('a description');
        break;
      case 'require_agent_review':
        unmet.push('an agent review, which this server does not run (remove the rule or add allow_bypass)');
        break;
      default:
        unmet.push(`the rule "${rule.rule}", which this server cannot evaluate (remove it or add allow_bypass)`);
    }
  }
  return unmet;
}

/** True when a JSON document holds some text. */
function hasText(doc: unknown): boolean {
  if (!doc || typeof doc !== 'object') return false;
  const node = doc as { text?: unknown; leaves?: unknown[]; nodes?: unknown[] };
  if (typeof node.text === 'string' && node.text.trim()) return true;
  return [...(node.leaves ?? []), ...(node.nodes ?? [])].some(hasText);
}
