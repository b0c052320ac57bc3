/** An organization's Docs agent instructions. */
export interface AgentInstructionsRecord {
  organizationId: string;
  /** A JSON document (`{object: 'document', data, nodes}`). */
  instructions: Record<string, unknown>;
  updatedBy: string;
  updatedAt: string;
}

export type ImportRunStatus = 'pending' | 'in-progress' | 'completed' | 'failed' | 'cancelled';

/** A website import into a space, a change request or a page, run as a job. */
export interface ImportRunRecord {
  id: string;
  organizationId: string;
  spaceId: string;
  changeRequestId: string | null;
  pageId: string | null;
  siteId: string | null;
  sourceUrl: string;
  status: ImportRunStatus;
  /** Why it failed, when `failed`. */
  reason: string | null;
  /** The revision the import made, when `completed`. */
  revisionId: string | null;
  /** The pages the import added, when `completed`. */
  importedPages: { id: string; sourceURL?: string; type: 'page' | 'folder' }[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
}
