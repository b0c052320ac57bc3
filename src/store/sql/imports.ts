import type { AgentInstructionsRecord, ImportRunRecord } from '../../model/imports.js';
import type { ImportRepo } from '../imports.js';
import { asJson } from './codec.js';
import type { Query, Queries } from './query.js';
import { Table } from './table.js';

export class SqlImportRepo implements Queries<ImportRepo> {
  private readonly runRows = new Table<ImportRunRecord>('import_runs', { codecs: { importedPages: asJson } });
  private readonly instructionRows = new Table<AgentInstructionsRecord>('agent_instructions', { codecs: { instructions: asJson } });

  *run(id: string): Query<ImportRunRecord | undefined> {
    return yield* this.runRows.one('SELECT * FROM import_runs WHERE id = ?', id);
  }

  *runsIn(organizationId: string): Query<ImportRunRecord[]> {
    return yield* this.runRows.many('SELECT * FROM import_runs WHERE organization_id = ? ORDER BY created_at, id', organizationId);
  }

  *putRun(r: ImportRunRecord): Query<void> {
    yield* this.runRows.upsert(r, ['id'], ['organizationId', 'createdAt', 'createdBy']);
  }

  *agentInstructions(organizationId: string): Query<AgentInstructionsRecord | undefined> {
    return yield* this.instructionRows.one('SELECT * FROM agent_instructions WHERE organization_id = ?', organizationId);
  }

  *putAgentInstructions(r: AgentInstructionsRecord): Query<void> {
    yield* this.instructionRows.upsert(r, ['organizationId']);
  }
}
