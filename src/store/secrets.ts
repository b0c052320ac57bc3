import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { makeDirectory } from '../platform/make-directory.js';

/**
 * Secrets kept at rest (remote credentials of git jobs) are sealed with AES-256-GCM under a key that lives beside the
 * database (mode 0600), never in it: a copy of the database alone reveals nothing.
 */
export class SecretBox {
  private key?: Buffer;

  /** `keyFile` null: a key for this process only (the in-memory store). */
  constructor(
    private readonly keyFile: string | null,
    key?: Buffer,
  ) {
    this.key = key;
  }

  /**
   * A box with the key given (64 hex digits or 32 bytes in base64), as servers sharing one database must all be
   * given; undefined when `text` is no such key.
   */
  static withKey(text: string): SecretBox | undefined {
    const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
    if (key.byteLength !== 32 || (!/^[0-9a-fA-F]{64}$/.test(text) && key.toString('base64').replace(/=+$/, '') !== text.replace(/=+$/, ''))) return undefined;
    return new SecretBox(null, key);
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.secret(), iv);
    const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** The sealed text, or undefined when it was sealed under another key or tampered with. */
  open(sealed: string): string | undefined {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.secret(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  /** A key for one purpose, derived from the store's key: never stored, never handed out. */
  derive(purpose: string): Buffer {
    return createHmac('sha256', this.secret()).update(purpose).digest();
  }

  private secret(): Buffer {
    if (this.key) return this.key;
    if (this.keyFile === null) return (this.key = randomBytes(32));
    if (!existsSync(this.keyFile)) {
      makeDirectory(dirname(this.keyFile));
      writeFileSync(this.keyFile, randomBytes(32), { mode: 0o600, flag: 'wx' });
    }
    return (this.key = readFileSync(this.keyFile));
  }
}
