// Flushing the blob store: a flush waits for one still syncing (its caller may refer to blobs that one holds), and
// blobs a failed flush did not sync are synced by the next.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileBlobStore } from '../../src/store/blobs.js';
import { waitFor } from '../helpers/wait-for.js';

/** A file blob store whose syncs are recorded, and held or failed on demand. */
function observed() {
  const blobs = new FileBlobStore(mkdtempSync(join(tmpdir(), 'quire-blobs-')));
  const synced: number[] = [];
  const control = { hold: undefined as Promise<void> | undefined, fail: false };
  const inner = blobs as unknown as { sync(paths: string[]): Promise<void> };
  const sync = inner.sync.bind(blobs);
  inner.sync = async (paths) => {
    const hold = control.hold;
    control.hold = undefined;
    await hold;
    if (control.fail) {
      control.fail = false;
      throw new Error('the disk is gone');
    }
    await sync(paths);
    synced.push(paths.length);
  };
  return { blobs, synced, control };
}

describe('flushing blobs', () => {
  it('waits for an earlier flush that is still syncing', async () => {
    const { blobs, synced, control } = observed();
    let release!: () => void;
    control.hold = new Promise((resolve) => (release = resolve));
    await blobs.put(Buffer.from('first'));
    const first = blobs.flush();
    await blobs.put(Buffer.from('second'));
    let secondDone = false;
    const second = blobs.flush().then(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(secondDone).toBe(false);
    release();
    await Promise.all([first, second]);
    expect(synced).toEqual([1, 1]);
  });

  it('syncs again what a failed flush did not', async () => {
    const { blobs, synced, control } = observed();
    await blobs.put(Buffer.from('kept for later'));
    control.fail = true;
    await expect(blobs.flush()).rejects.toThrow('the disk is gone');
    await blobs.flush();
    await waitFor(() => synced.length === 1);
    expect(synced).toEqual([1]);
  });
});
