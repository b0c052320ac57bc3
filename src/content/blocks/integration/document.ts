/** An integration block <-> GitBook's `integration` block (its props are the tag's attributes, all strings). */
import type { LiquidTag } from '../spec.js';
import { mapping } from '../../document/context.js';
import { DocumentError } from '../../document/escape.js';
import { integrationTag, readIntegration } from './syntax.js';

export const integration = mapping<LiquidTag>({
  mdast: ['liquidTag'],
  document: ['integration'],
  toDocument(node, _ctx, key) {
    const block = readIntegration(node.value);
    return block && { object: 'block', type: 'integration', key, isVoid: true, data: { ...block, props: { ...block.props } } };
  },
  fromDocument(block) {
    const data = block.data ?? {};
    const props = typeof data.props === 'object' && data.props !== null && !Array.isArray(data.props) ? (data.props as Record<string, unknown>) : {};
    const refuse = (problem: string) => new DocumentError(block.key, `an integration block ${problem}`);
    if (Object.values(props).some((value) => typeof value !== 'string')) throw refuse('is written as a Liquid tag, whose attributes are strings');
    const tag = integrationTag({ integration: String(data.integration ?? ''), block: String(data.block ?? ''), props: props as Record<string, string> });
    if (tag === undefined) throw refuse('needs names of letters, digits, - and _, and props without quotes, line breaks or %}');
    return { type: 'liquidTag', value: tag };
  },
});
