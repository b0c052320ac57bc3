import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openRuntime } from '../../../src/cli/runtime.js';
import { ConfigError, parseConfig } from '../../../src/config/index.js';

const error = (text: string) => {
  try {
    parseConfig(text, 'docs.config.yaml');
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('docs.config.yaml translation', () => {
  it('defaults to the copy translator', () => {
    expect(parseConfig('').translation).toEqual({ provider: 'copy', timeoutMs: 30_000, batchSize: 50, batchChars: 10_000 });
  });

  it('takes a LibreTranslate service, and names the key that is wrong', () => {
    const config = parseConfig('translation:\n  provider: libretranslate\n  url: https://translate.example.com/\n  apiKey: s3cret\n');
    expect(config.translation).toMatchObject({ provider: 'libretranslate', url: 'https://translate.example.com/', apiKey: 's3cret' });
    expect(error('translation:\n  provider: libretranslate\n')).toMatch(/^docs\.config\.yaml:\d+:\d+: translation\.url: url is required/);
    expect(error('translation:\n  provider: deepl\n')).toMatch(/^docs\.config\.yaml:2:13: translation\.provider/);
    expect(error('translation:\n  url: not a url\n')).toMatch(/translation\.url/);
    expect(error('translation:\n  timeout: 5\n')).toBe('docs.config.yaml:2:3: unknown key "translation.timeout"; did you mean "timeoutMs"?');
  });

  it('reaches the domain through the runtime the commands open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-translation-config-'));
    writeFileSync(join(dir, 'docs.config.yaml'), 'translation:\n  provider: libretranslate\n  url: https://translate.example.com\n');
    const runtime = await openRuntime({ config: join(dir, 'docs.config.yaml'), env: {} });
    try {
      expect(runtime.domain.translations.runs.translator.id).toBe('libretranslate:https://translate.example.com/translate');
    } finally {
      await runtime.close();
    }
  });
});
