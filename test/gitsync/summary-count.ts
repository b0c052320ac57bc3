// An independent count of SUMMARY.md entries, line by line, to check the importer's page counts against.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface SummaryCount {
  documents: number;
  links: number;
  computed: number;
  groups: number;
}

export function countSummary(file: string): SummaryCount {
  const count: SummaryCount = { documents: 0, links: 0, computed: 0, groups: 0 };
  const seen = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^## /.test(line)) count.groups++;
    else if (/^\s*[*+-] ```/.test(line)) count.computed++;
    else {
      const match = /^\s*[*+-] \[(?:\\.|[^\]\\])*\]\((.*)\)\s*$/.exec(line);
      if (!match) continue;
      const target = match[1]!.replace(/\s+"[^"]*"$/, '').replace(/^<(.*)>$/, '$1');
      if (/^[a-z]+:/i.test(target) || target.includes('#')) count.links++;
      else {
        const path = join(dirname(file), decodeURIComponent(target.endsWith('/') ? `${target}README.md` : target));
        if (existsSync(path) && !seen.has(path)) count.documents++;
        seen.add(path);
      }
    }
  }
  return count;
}
