import type { ReactionRecord } from '../../model/index.js';
import { invalidInput } from '../core/errors.js';

/** One fully-qualified emoji (skin tones, flags and ZWJ sequences included), nothing else; compiled on first use (it is slow to build). */
let emoji: RegExp | undefined;
const EMOJI = () => (emoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v'));
const MAX_PER_REQUEST = 20;

export interface ReactionGroup {
  emoji: string;
  users: { userId: string; reactedAt: string }[];
}

/** The emoji of `addedReactions` / `removedReactions`, each checked and listed once. */
export function emojiList(values: readonly string[] | undefined, field: string): string[] {
  if (!values) return [];
  if (values.length > MAX_PER_REQUEST) throw invalidInput(`${field}: at most ${MAX_PER_REQUEST} reactions per request`);
  values.forEach((value, i) => {
    if (!EMOJI().test(value)) throw invalidInput(`${field}[${i}]: ${JSON.stringify(value.slice(0, 40))} is not an emoji`);
  });
  return [...new Set(values)];
}

/** Reactions of one comment or reply, grouped by emoji, in the order each emoji was first used. */
export function groupReactions(reactions: readonly ReactionRecord[]): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const r of reactions) {
    let group = groups.get(r.emoji);
    if (!group) groups.set(r.emoji, (group = { emoji: r.emoji, users: [] }));
    group.users.push({ userId: r.userId, reactedAt: r.reactedAt });
  }
  return [...groups.values()];
}
