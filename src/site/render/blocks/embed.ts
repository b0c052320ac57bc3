import type { Embed } from '../../../content/index.js';
import { el, linkProps, text, type BlockRenderer } from './h.js';

/** `{% embed url %}`: a link card. No third-party frame is loaded: the page stays static and script-free. */
export const embed: BlockRenderer = (ctx, state, node: Embed) => {
  const { url, external } = ctx.resolve(node.url, 'embed');
  let host = node.url;
  try {
    host = new URL(node.url).host;
  } catch {
    // not an absolute URL: show it as written
  }
  const caption = node.captionAttribute ? [el('p', {}, [text(node.captionAttribute)])] : state.all(node);
  return el('div', { className: ['embed'] }, [
    url ? el('a', { ...linkProps(ctx, url, external), className: ['embed-link'] }, [el('span', { className: ['embed-host'] }, [text(host)]), el('span', { className: ['embed-url'] }, [text(node.url)])]) : text(node.url),
    ...caption,
  ]);
};
