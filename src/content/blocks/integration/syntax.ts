/**
 * A block of an integration: `{% @github-files/github-code-block url="…" %}`, its props the tag's attributes. The tag
 * stays a `liquidTag` in mdast (a site has nothing to run it with); `readIntegration` reads it for the document.
 */
import { escapeAttribute, parseAttributes } from '../attributes.js';

export interface IntegrationBlock {
  integration: string;
  block: string;
  props: Record<string, string>;
}

const NAME = /^[\w-]+$/;
const TAG = /^\{%\s*@([\w-]+)\/([\w-]+)(\s[\s\S]*?)?\s*%\}$/;
const PROP = /^[A-Za-z_][\w-]*$/;

/** The integration block a Liquid tag is, when writing it back gives the tag as written. */
export function readIntegration(tag: string): IntegrationBlock | undefined {
  const match = TAG.exec(tag);
  if (!match) return undefined;
  const block: IntegrationBlock = {
    integration: match[1] as string,
    block: match[2] as string,
    props: Object.fromEntries(parseAttributes((match[3] ?? '').trim())),
  };
  return integrationTag(block) === tag ? block : undefined;
}

/** The tag of an integration block, or undefined when a name or a prop cannot be written in one. */
export function integrationTag(block: IntegrationBlock): string | undefined {
  if (!NAME.test(block.integration) || !NAME.test(block.block)) return undefined;
  const props = Object.entries(block.props);
  if (props.some(([key, value]) => !PROP.test(key) || /["\r\n]|%\}/.test(value))) return undefined;
  return `{% @${block.integration}/${block.block}${props.map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('')} %}`;
}
