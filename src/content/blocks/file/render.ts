import type { FileBlock } from './syntax.js';
import { el, text, type BlockRenderer } from '../render.js';

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1048576 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1048576).toFixed(1)} MB`);

/** `{% file src %}`: a download link with the file's name, size and caption. */
export const file: BlockRenderer = (ctx, state, node: FileBlock) => {
  const { url, file: target } = ctx.resolve(node.src, 'file');
  const name = target?.name ?? node.src.split('/').pop() ?? node.src;
  return el('div', { className: ['file-block'] }, [
    url ? el('a', { href: url, download: '' }, [text(name)]) : el('span', {}, [text(name)]),
    ...(target ? [el('small', {}, [text(` ${size(target.size)}`)])] : []),
    ...state.all(node),
  ]);
};
