import type { AgentInstructionsRecord, ImportRunRecord } from '../model/imports.js';

/** Import runs of organizations, and their Docs agent instructions. */
export interface ImportRepo {
  run(id: string): Promise<ImportRunRecord | undefined>;
  /** Oldest first. */
  runsIn(organizationId: string): Promise<ImportRunRecord[]>;
  putRun(r: ImportRunRecord): Promise<void>;
  agentInstructions(organizationId: string): Promise<AgentInstructionsRecord | undefined>;
  putAgentInstructions(r: AgentInstructionsRecord): Promise<void>;
}
