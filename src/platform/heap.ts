/**
 * The heap of a command that builds a big site once (`docs build`, `publish`: `BuildOptions.leanHeap`). V8
 * lets a heap grow to several times what is live before its next full collection, in every thread: a build of 10,000
 * pages runs four (its own, the render, the highlight and the search workers) and peaked at 820 to 880 MB, while its
 * own thread held under 90 MB live. Grown by a fifth at a time, with smaller semi-spaces, the same build peaked at
 * about 650 MB for a few percent more CPU (510 MB since the search index holds less). A rebuild of a few pages holds
 * little, and is quicker with V8's heap.
 *
 * V8's flags are the process's, and stay set; a thread reads them as it starts, so they are set before any worker
 * starts (the search worker's young generation is its own, `resourceLimits`). A flag given to `node` itself is left
 * as given.
 */
import { setFlagsFromString } from 'node:v8';

export const LEAN_HEAP_FLAGS = ['--heap-growing-percent=20', '--max-semi-space-size=8'] as const;

/** Sets the flags not `given` to node; returns them. */
export function leanHeap(
  given: readonly string[] = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)],
  set = setFlagsFromString,
): string[] {
  const named = (flag: string) => flag.split('=')[0]!.replace(/_/g, '-');
  const flags = LEAN_HEAP_FLAGS.filter((flag) => !given.some((g) => named(g) === named(flag)));
  for (const flag of flags) set(flag);
  return flags;
}
