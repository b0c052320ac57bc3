// The messages of the commits Quire writes.
import { DEFAULT_MERGE_MESSAGE } from '../../config/schema.js';
import type { ChangeRequestRecord } from '../../model/index.js';

export { DEFAULT_MERGE_MESSAGE };

/** `format` (`gitSync.mergeMessage`; default `QUIRE-{number}: {subject}`) filled in for the change request `cr`. */
export function mergeMessage(format: string | undefined, cr: Pick<ChangeRequestRecord, 'number' | 'subject'>): string {
  const subject = cr.subject.trim() || `Change request #${cr.number}`;
  return (format ?? DEFAULT_MERGE_MESSAGE).replaceAll('{number}', String(cr.number)).replaceAll('{subject}', subject);
}
