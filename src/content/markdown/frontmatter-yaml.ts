/**
 * YAML the way GitBook writes frontmatter (gitsync-format §3.3): js-yaml's `dump`, which GitBook uses, at its
 * defaults (block style indented by two, keys in the order given, plain or single-quoted strings, `>-` past 80
 * columns, `|` for multi-line strings), without anchors for repeated objects.
 */
import { isDeepStrictEqual } from 'node:util';
import { dump } from 'js-yaml';
import { parse } from 'yaml';

/** The YAML text of a frontmatter mapping, ending with a newline ('' for no keys). */
export function frontmatterYaml(data: Record<string, unknown>): string {
  const yaml = dump(data, { noRefs: true });
  if (yaml === '{}\n') return '';
  // Quire reads frontmatter with `yaml`, which takes a few plain strings js-yaml leaves unquoted (`+.5`) for numbers:
  // such a mapping is written with every string quoted, so it reads back as it was.
  return readsBack(yaml, data) ? yaml : dump(data, { noRefs: true, forceQuotes: true });
}

function readsBack(yaml: string, data: Record<string, unknown>): boolean {
  try {
    return isDeepStrictEqual(parse(yaml), JSON.parse(JSON.stringify(data)));
  } catch {
    return false;
  }
}
