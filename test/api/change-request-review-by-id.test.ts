// getChangeRequestReviewById (0.202.0): one review of a change request, read like the list reads it.
import { ChangeRequestReviewStatus } from '@gitbook/api-0.202';
import { describe, expect, it } from 'vitest';
import { errorOf, statusOf, useServer } from '../helpers/server.js';

const s = useServer();

describe('getChangeRequestReviewById', () => {
  it('answers the review, its outdated flag and location; 404 for an unknown review; 403 outside; 400 for a bad format', async () => {
    const api = s.newerClient().spaces;
    const space = (await s.client().orgs.createSpace(s.org, { title: 'Reviewed' })).data;
    const cr = (await api.createChangeRequest(space.id, { subject: 'One' })).data;
    const other = (await api.createChangeRequest(space.id, { subject: 'Two' })).data;
    const reviewer = await s.member('review');
    const reviewerApi = s.newerClient(reviewer.token).spaces;
    const first = (
      await reviewerApi.submitChangeRequestReview(space.id, cr.id, { status: ChangeRequestReviewStatus.ChangesRequested, comment: { markdown: 'Not yet' } })
    ).data;
    const second = (await reviewerApi.submitChangeRequestReview(space.id, cr.id, { status: ChangeRequestReviewStatus.Approved })).data;

    const got = (await api.getChangeRequestReviewById(space.id, cr.id, first.id)).data;
    expect(got).toMatchObject({
      object: 'change-request-review',
      id: first.id,
      status: 'changes-requested',
      outdated: true,
      reviewer: { id: reviewer.userId },
    });
    expect(got.urls.location).toBe(first.urls.location);
    expect((await api.getChangeRequestReviewById(space.id, cr.id, second.id)).data).toMatchObject({ status: 'approved', outdated: false });

    const missing = await errorOf(api.getChangeRequestReviewById(space.id, cr.id, 'unknownreview0000000'));
    expect(missing.code).toBe(404);
    expect(missing.message).toContain('unknownreview0000000');
    // A review is found only under its own change request.
    expect(await statusOf(api.getChangeRequestReviewById(space.id, other.id, first.id))).toBe(404);
    const outsider = await s.member('admin', s.otherOrg);
    expect(await statusOf(s.newerClient(outsider.token).spaces.getChangeRequestReviewById(space.id, cr.id, first.id))).toBe(403);
    const bad = await s.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/reviews/${first.id}?format=pdf`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/format/);
  });
});
