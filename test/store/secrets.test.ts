import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/store/secrets.js';

describe('secret box', () => {
  it('seals with a key kept beside the database, opens with the same key, and refuses tampering or another key', () => {
    const keyFile = join(mkdtempSync(join(tmpdir(), 'quire-secrets-')), 'secret.key');
    const sealed = new SecretBox(keyFile).seal('https://user:hunter2@example.com/docs.git');
    expect(sealed).not.toContain('hunter2');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(new SecretBox(keyFile).open(sealed)).toBe('https://user:hunter2@example.com/docs.git');

    const [version, iv, tag, data] = sealed.split('.');
    // The first character carries six whole bits of the ciphertext (a last one may be padding).
    const flipped = `${data!.startsWith('A') ? 'B' : 'A'}${data!.slice(1)}`;
    expect(new SecretBox(keyFile).open([version, iv, tag, flipped].join('.'))).toBeUndefined();
    expect(new SecretBox(null).open(sealed)).toBeUndefined();
    expect(new SecretBox(keyFile).open('not sealed')).toBeUndefined();
  });
});
