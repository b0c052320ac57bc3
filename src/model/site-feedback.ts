/** A rating of GitBook's page feedback widget. */
export type PageFeedbackRating = 'bad' | 'ok' | 'good';

/**
 * One page feedback event a visitor of a site sent (`trackEventsInSiteById`): a rating, or a rating with a comment.
 * Only what feedback needs is kept: no address, user agent, URL or cookie; the session and visitor ids are the ones
 * the event's session gave (Quire's widget sends one random id per browser tab for both).
 */
export interface SiteFeedbackRecord {
  id: string;
  siteId: string;
  siteSpaceId: string;
  /** The site space's space, when the event came. */
  spaceId: string;
  pageId: string;
  rating: PageFeedbackRating;
  /** The comment of a `page_post_feedback_comment` event; null for a `page_post_feedback` (a rating alone). */
  comment: string | null;
  sessionId: string;
  visitorId: string;
  /** When the event happened (its timestamp, else when it arrived). */
  createdAt: string;
}
