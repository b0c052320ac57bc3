// An organization's Docs agent instructions: a document every member reads and only admins set. Quire keeps them for
// the agents and tools that read them through the API (it runs no agent itself).
import type { AgentInstructionsRecord, OrganizationRecord } from '../../model/index.js';
import { type Caller, type Deps, nowIso } from '../core/context.js';
import { invalidInput } from '../core/errors.js';

/** The instructions document's limit (as a JSON text). */
const MAX_BYTES = 256 * 1024;

/** Never set: an empty document, as of the organization's creation. */
export async function agentInstructions(deps: Deps, caller: Caller, org: OrganizationRecord): Promise<AgentInstructionsRecord> {
  await caller.access.requireOrganization(org, 'member');
  return (
    (await deps.store.imports.agentInstructions(org.id)) ?? {
      organizationId: org.id,
      instructions: { object: 'document', data: {}, nodes: [] },
      updatedBy: '',
      updatedAt: org.createdAt,
    }
  );
}

export async function setAgentInstructions(
  deps: Deps,
  caller: Caller,
  org: OrganizationRecord,
  instructions: Record<string, unknown>,
): Promise<AgentInstructionsRecord> {
  await caller.access.requireOrganization(org, 'admin');
  if (Buffer.byteLength(JSON.stringify(instructions)) > MAX_BYTES) throw invalidInput(`instructions: larger than ${MAX_BYTES} bytes of JSON`);
  const record: AgentInstructionsRecord = { organizationId: org.id, instructions, updatedBy: caller.user.id, updatedAt: nowIso(deps) };
  await deps.store.imports.putAgentInstructions(record);
  return record;
}
