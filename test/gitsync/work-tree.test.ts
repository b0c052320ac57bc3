import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitBlobOid } from '../../src/model/index.js';
import { readWorkTree } from '../../src/gitsync/tree.js';

const oids = (dir: string) => new Map([...readWorkTree(dir).files].map(([path, entry]) => [path, entry.oid]));

describe('a work tree read again', () => {
  it('gives the oid of what is on disk now, however the edit hid itself (same size, the old modification time)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-work-tree-'));
    mkdirSync(join(dir, 'guide'));
    const file = join(dir, 'guide', 'page.md');
    writeFileSync(file, '# Page\n\nOld text.\n');
    writeFileSync(join(dir, 'README.md'), '# Home\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    // Changed more than two seconds ago: remembered by its stat from now on.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(oids(dir).get('guide/page.md')).toBe(gitBlobOid(readFileSync(file)));

    // The same size, the modification time put back: the change time still moved.
    writeFileSync(file, '# Page\n\nNew text.\n');
    utimesSync(file, old, old);
    expect(Math.round(statSync(file).mtimeMs)).toBe(old.getTime());
    const again = oids(dir);
    expect(again.get('guide/page.md')).toBe(gitBlobOid(Buffer.from('# Page\n\nNew text.\n')));
    expect(again.get('README.md')).toBe(gitBlobOid(Buffer.from('# Home\n')));

    // Saved twice within a clock tick: a file this fresh is never answered from memory.
    writeFileSync(file, '# Page\n\nFirst save.\n');
    expect(oids(dir).get('guide/page.md')).toBe(gitBlobOid(Buffer.from('# Page\n\nFirst save.\n')));
    writeFileSync(file, '# Page\n\nLast save.\n');
    expect(oids(dir).get('guide/page.md')).toBe(gitBlobOid(Buffer.from('# Page\n\nLast save.\n')));
  });
});
