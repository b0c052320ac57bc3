/**
 * GFM strikethrough as micromark reads it: `~x~` or `~~x~~`, closed by a run of the same length; longer
 * runs are text. (markdown-it's own rule reads only `~~` and pairs runs of different lengths.)
 */
import type { StateInline } from 'markdown-it';

const TILDE = 0x7e;
/** One delimiter marker per run length, so only runs of the same length pair up. */
const markerOf = (length: number) => TILDE + (length - 1) * 0x10000;

export function tokenize(state: StateInline, silent: boolean): boolean {
  if (silent || state.src.charCodeAt(state.pos) !== TILDE) return false;
  const scanned = state.scanDelims(state.pos, true);
  const token = state.push('text', '', 0);
  token.content = '~'.repeat(scanned.length);
  if (scanned.length <= 2) {
    state.delimiters.push({
      marker: markerOf(scanned.length),
      length: 0,
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close,
    });
  }
  state.pos += scanned.length;
  return true;
}

function pair(state: StateInline, delimiters: StateInline['delimiters']): void {
  for (const start of delimiters) {
    if ((start.marker !== markerOf(1) && start.marker !== markerOf(2)) || start.end === -1) continue;
    const end = delimiters[start.end]!;
    const markup = state.tokens[start.token]!.content;
    Object.assign(state.tokens[start.token]!, { type: 's_open', tag: 's', nesting: 1, markup, content: '' });
    Object.assign(state.tokens[end.token]!, { type: 's_close', tag: 's', nesting: -1, markup, content: '' });
  }
}

export function postProcess(state: StateInline): boolean {
  pair(state, state.delimiters);
  for (const meta of state.tokens_meta) if (meta?.delimiters) pair(state, meta.delimiters);
  return true;
}
