/**
 * YAML the way GitBook writes frontmatter (gitsync-format §3.3): js-yaml's `dump`, which GitBook uses, at its
 * defaults (block style indented by two, keys in the order given, plain or single-quoted strings, `>-` past 80
 * columns, `|` for multi-line strings), without anchors for repeated objects.
 */
import { dump } from 'js-yaml';

/** The YAML text of a frontmatter mapping, ending with a newline ('' for no keys). */
export function frontmatterYaml(data: Record<string, unknown>): string {
  const yaml = dump(data, { noRefs: true });
  return yaml === '{}\n' ? '' : yaml;
}
