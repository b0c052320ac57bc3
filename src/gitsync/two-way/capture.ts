// Runs the importer without landing anything: each space is seen at a chosen revision (the last synced one, so ids
// are kept against the merge base), and what the importer would land is captured for the two-way sync to decide on.
import type { Domain } from '../../domain/index.js';
import { GitSync, type ImportedRevision } from '../../domain/git-sync/git-sync.js';
import type { SpaceRecord } from '../../model/index.js';
import { type SyncOptions, type SyncReport, syncDirectory } from '../import.js';

export interface CapturedImport {
  reports: SyncReport[];
  /** What the importer would land, by space id; absent when the space's tree did not change since its last sync. */
  captured: Map<string, ImportedRevision>;
}

/** `viewAt(space)`: the revision the importer should take as the space's current one (undefined: its real one). */
export async function captureImport(
  domain: Domain,
  options: SyncOptions,
  viewAt: (space: SpaceRecord) => Promise<string | undefined>,
): Promise<CapturedImport> {
  const sync = new CapturingSync(domain.deps, viewAt);
  // The importer reads spaces and lands revisions through `domain.sync` only; everything else is the real domain.
  const reports = await syncDirectory({ ...domain, sync } as Domain, options);
  return { reports, captured: sync.captured };
}

class CapturingSync extends GitSync {
  readonly captured = new Map<string, ImportedRevision>();

  constructor(
    deps: Domain['deps'],
    private readonly viewAt: (space: SpaceRecord) => Promise<string | undefined>,
  ) {
    super(deps);
  }

  override async findSpace(organizationId: string, idOrTitle: string): Promise<SpaceRecord | undefined> {
    return await this.view(await super.findSpace(organizationId, idOrTitle));
  }

  override async spaceForKey(source: string, key: string): Promise<SpaceRecord | undefined> {
    return await this.view(await super.spaceForKey(source, key));
  }

  override async land(input: ImportedRevision): Promise<string | null> {
    this.captured.set(input.spaceId, input);
    return null;
  }

  private async view(space: SpaceRecord | undefined): Promise<SpaceRecord | undefined> {
    const revisionId = space && (await this.viewAt(space));
    return space && revisionId ? { ...space, revisionId } : space;
  }
}
