import type { Updates } from './syntax.js';
import { el, text, type BlockRenderer } from '../render.js';

/** `{% updates %}`: a changelog, one dated entry per update, with its tags. */
export const updates: BlockRenderer = (_ctx, state, node: Updates) =>
  el(
    'div',
    { className: ['updates'] },
    node.children.map((update) =>
      el('section', { className: ['update'] }, [
        el('p', { className: ['update-meta'] }, [
          el('time', { dateTime: update.date }, [text(update.date)]),
          ...(update.tags ?? []).map((tag) => el('span', { className: ['tag'] }, [text(tag)])),
        ]),
        ...state.all(update),
      ]),
    ),
  );
