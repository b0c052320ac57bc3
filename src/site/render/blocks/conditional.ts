import type { Conditional } from '../../../content/index.js';
import type { BlockRenderer } from './h.js';

/**
 * `{% if visitor.claims... %}`: adaptive content. A static build has no visitor, so no condition holds and the
 * block is left out, as GitBook does for an anonymous reader; `docs serve` evaluates conditions per visitor.
 */
export const conditional: BlockRenderer = (_ctx, _state, _node: Conditional) => [];
