// Pluggable translators: `copy` (the default: the source is copied, marked untranslated) and a LibreTranslate-compatible
// HTTP service, reached through the guarded fetch helper.
import { DEFAULT_FETCH_POLICY, type FetchPolicy, postJson } from '../core/fetch.js';

export interface TranslationConfig {
  provider: 'copy' | 'libretranslate';
  /** The service's base URL (`POST <url>/translate`). */
  url?: string;
  apiKey?: string;
  timeoutMs?: number;
  /** Most texts, and most characters, in one request. */
  batchSize?: number;
  batchChars?: number;
}

export interface Translator {
  /** Names the translator in fingerprints: items translated by another one are translated again. */
  readonly id: string;
  /** Copies instead of translating: pages keep their text and are marked untranslated. */
  readonly copies: boolean;
  /** The translations of `texts`, in order. */
  translate(texts: readonly string[], from: string, to: string): Promise<string[]>;
}

export const copyTranslator: Translator = {
  id: 'copy',
  copies: true,
  translate: async (texts) => [...texts],
};

/** Where LibreTranslate's language codes differ from the API's. */
const LIBRETRANSLATE_CODES: Record<string, string> = { 'pt-br': 'pt-BR', no: 'nb', yue: 'zh-Hant' };

/** `POST <url>/translate {q: string[], source, target, format: 'text'[, api_key]}` -> `{translatedText: string[]}`. */
export class LibreTranslator implements Translator {
  readonly id: string;
  readonly copies = false;
  private readonly endpoint: string;
  private readonly policy: FetchPolicy;
  private readonly batchSize: number;
  private readonly batchChars: number;

  constructor(
    private readonly config: TranslationConfig & { url: string },
    policy: FetchPolicy = DEFAULT_FETCH_POLICY,
  ) {
    this.endpoint = new URL('translate', config.url.endsWith('/') ? config.url : `${config.url}/`).href;
    this.id = `libretranslate:${this.endpoint}`;
    this.policy = { ...policy, timeoutMs: config.timeoutMs ?? policy.timeoutMs, maxBytes: Math.min(policy.maxBytes, 64 * 1024 * 1024) };
    this.batchSize = config.batchSize ?? 50;
    this.batchChars = config.batchChars ?? 10_000;
  }

  async translate(texts: readonly string[], from: string, to: string): Promise<string[]> {
    const out: string[] = [];
    for (const batch of batches(texts, this.batchSize, this.batchChars)) out.push(...(await this.send(batch, from, to)));
    return out;
  }

  private async send(q: string[], from: string, to: string): Promise<string[]> {
    const body = {
      q,
      source: LIBRETRANSLATE_CODES[from] ?? from,
      target: LIBRETRANSLATE_CODES[to] ?? to,
      format: 'text',
      ...(this.config.apiKey ? { api_key: this.config.apiKey } : {}),
    };
    const answer = await this.post(body);
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.bytes.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    if (answer.status !== 200) {
      const reason = (parsed as { error?: unknown } | undefined)?.error;
      throw new Error(`${this.endpoint} answered HTTP ${answer.status}${typeof reason === 'string' ? `: ${reason}` : ''}`);
    }
    const translated = (parsed as { translatedText?: unknown } | undefined)?.translatedText;
    const list = typeof translated === 'string' && q.length === 1 ? [translated] : translated;
    if (!Array.isArray(list) || list.length !== q.length || !list.every((t) => typeof t === 'string')) {
      throw new Error(`${this.endpoint} did not answer {translatedText: string[]} with ${q.length} texts`);
    }
    return list as string[];
  }

  /** A kept-alive socket the service closed while this process was busy fails at once: that request is sent once more. */
  private async post(body: unknown) {
    try {
      return await postJson(this.endpoint, body, 'translation.url', this.policy);
    } catch (error) {
      if (!/\((ECONNRESET|EPIPE)\)/.test((error as Error).message)) throw error;
      return postJson(this.endpoint, body, 'translation.url', this.policy);
    }
  }
}

/** Consecutive texts, at most `size` per batch and `chars` characters unless one text alone is longer. */
export function* batches(texts: readonly string[], size: number, chars: number): Generator<string[]> {
  let batch: string[] = [];
  let length = 0;
  for (const text of texts) {
    if (batch.length > 0 && (batch.length >= size || length + text.length > chars)) {
      yield batch;
      batch = [];
      length = 0;
    }
    batch.push(text);
    length += text.length;
  }
  if (batch.length > 0) yield batch;
}

export function translatorFor(config: TranslationConfig | undefined, policy: FetchPolicy): Translator {
  if (!config || config.provider === 'copy') return copyTranslator;
  if (!config.url) throw new Error('translation.url is required with the libretranslate provider');
  return new LibreTranslator({ ...config, url: config.url }, policy);
}
