/** Spaces, the collections that hold them, and their merge rules. */
import type { DefaultLevel } from './roles.js';

export type Visibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';
export type EditMode = 'live' | 'locked';

export interface CollectionRecord {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  description: string | null;
  defaultLevel: DefaultLevel;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface MergeRules {
  type: 'inherit' | 'rules' | 'none';
  rules?: unknown[];
}

export interface SpaceRecord {
  id: string;
  organizationId: string;
  parentId: string | null;
  title: string;
  emoji: string | null;
  icon: string | null;
  visibility: Visibility;
  editMode: EditMode;
  defaultLevel: DefaultLevel;
  language: string | null;
  mergeRules: MergeRules;
  revisionId: string;
  position: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}
