import type { Handlers } from './handler.js';
import { handlerOf } from './handler.js';
import { handlers as defaultHandlers } from './handlers/index.js';
import { contractOperations, type HttpMethod, type SpecName, specVersion } from './openapi.js';
import { UNAVAILABLE, type UnavailableGroup } from './unavailable.js';

/** What the server answers an operation with: its handler's answer, a documented refusal, or (a defect) "not implemented yet". */
export type OperationStatus = { kind: 'working' } | { kind: 'unavailable'; status: 404 | 501; reason: string } | { kind: 'missing' };

export interface OperationEntry {
  operationId: string;
  method: HttpMethod;
  /** As the specs write it, relative to /v1. */
  path: string;
  /** The specs that have it. */
  specs: SpecName[];
  status: OperationStatus;
}

/** Every routed operation (both specs) with its status, from the route table: the handlers and unavailable.ts. */
export function operationStatuses(handlers: Handlers = defaultHandlers): OperationEntry[] {
  const groups = new Map<string, UnavailableGroup>(UNAVAILABLE.flatMap((group) => group.operations.map((id) => [id, group] as const)));
  return contractOperations().map((contract) => {
    const operation = (contract.pinned ?? contract.newer)!;
    const group = groups.get(contract.operationId);
    let status: OperationStatus = { kind: 'missing' };
    if (handlerOf(handlers, contract.operationId)) status = { kind: 'working' };
    else if (group) status = { kind: 'unavailable', status: group.status, reason: group.reason };
    return {
      operationId: contract.operationId,
      method: operation.method,
      path: operation.path,
      specs: (['pinned', 'newer'] as const).filter((name) => contract[name]),
      status,
    };
  });
}

/** The entries of unavailable.ts that name no operation of the specs, or one that has a handler: each a defect. */
export function strayUnavailable(handlers: Handlers = defaultHandlers): string[] {
  const known = new Set(contractOperations().map((c) => c.operationId));
  return UNAVAILABLE.flatMap((group) => group.operations).flatMap((id) => {
    if (!known.has(id)) return [`${id}: in unavailable.ts but in neither spec`];
    return handlerOf(handlers, id) ? [`${id}: in unavailable.ts but it has a handler`] : [];
  });
}

export const specVersions = (): Record<SpecName, string> => ({ pinned: specVersion('pinned'), newer: specVersion('newer') });
