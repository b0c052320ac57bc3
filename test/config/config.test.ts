import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configJsonSchema } from '../../src/config/json-schema.js';
import { ConfigError, loadConfig, parseConfig } from '../../src/config/index.js';

const error = (text: string) => {
  try {
    parseConfig(text, 'docs.config.yaml');
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected a ConfigError');
};

describe('docs.config.yaml', () => {
  it('fills defaults for an empty file', () => {
    const config = parseConfig('', 'x.yaml');
    expect(config.storage.dir).toBe('.docs');
    expect(config.server.port).toBe(4000);
    expect(config.organizations).toEqual([{ title: 'Quire', emailDomains: [], defaultRole: 'read' }]);
  });

  it('reads the project config', () => {
    const { config, file } = loadConfig({ cwd: new URL('../..', import.meta.url).pathname });
    expect(file).toMatch(/docs\.config\.yaml$/);
    expect(config.organizations[0]?.title).toBe('Quire');
  });

  it('names the line and key of an unknown key, and the key it most likely meant', () => {
    expect(error('server:\n  port: 4000\n  prot: 5\n')).toBe('docs.config.yaml:3:3: unknown key "server.prot"; did you mean "port"?');
    expect(error('server:\n  hots: 0.0.0.0\n')).toBe('docs.config.yaml:2:3: unknown key "server.hots"; did you mean "host"?');
    expect(error('sotrage:\n  dir: x\n')).toMatch(/unknown key "sotrage"; did you mean "storage"\?$/);
    // Inside lists, unions and defaults: the keys of the schema at that place.
    expect(error('sites:\n  - title: Handbook\n    basname: hb\n')).toMatch(
      /^docs\.config\.yaml:3:5: unknown key "sites\.0\.basname"; did you mean "basename"\?$/,
    );
    expect(error('sites:\n  - title: Handbook\n    spaces:\n      - spcae: A\n')).toMatch(/did you mean "space"\?$/);
    // Nothing close: the keys that are accepted there.
    expect(error('server:\n  colour: blue\n')).toBe(
      'docs.config.yaml:2:3: unknown key "server.colour"; expected one of host, port, publicUrl, bodyLimit, jobLeaseSeconds, auditRetentionDays, trustProxy',
    );
  });

  it('reads server.trustProxy: false by default, true, or proxies by address, range or name; a hop count is refused', () => {
    const trustProxy = (yaml: string) => parseConfig(`server:\n  trustProxy: ${yaml}\n`, 'docs.config.yaml').server.trustProxy;
    expect(parseConfig('', 'docs.config.yaml').server.trustProxy).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('[loopback, uniquelocal, 10.0.0.1, 10.0.0.0/8, "::1", "fd00::/8"]')).toEqual([
      'loopback',
      'uniquelocal',
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    expect(error('server:\n  port: 4000\n  trustProxy: 1\n')).toBe(
      "docs.config.yaml:3:15: server.trustProxy: a hop count is not accepted: list your proxies' addresses instead (a count believes the X-Forwarded-For of whoever connects, proxy or not)",
    );
    expect(error('server:\n  trustProxy: loopback\n')).toBe(
      'docs.config.yaml:2:15: server.trustProxy: expected a boolean or a list, got the string "loopback"',
    );
    const entry = 'expected an IP address, a CIDR range (10.0.0.0/8) or one of loopback, linklocal, uniquelocal';
    expect(error('server:\n  trustProxy:\n    - 10.0.0.1\n    - 10.0.0.0/33\n')).toBe(`docs.config.yaml:4:7: server.trustProxy.1: ${entry}`);
    expect(error('server:\n  trustProxy: [proxy.internal]\n')).toBe(`docs.config.yaml:2:16: server.trustProxy.0: ${entry}`);
  });

  it('says a required key is missing in plain words', () => {
    expect(error('spaces:\n  - title: Guides\n')).toBe('docs.config.yaml:2:5: spaces.0.directory: missing; expected a string');
    expect(error('server:\n  port: "high"\n')).toBe('docs.config.yaml:2:9: server.port: expected a number, got the string "high"');
    expect(error('organizations:\n  - title: null\n')).toMatch(/organizations\.0\.title: expected a string, got nothing \(null\)$/);
  });

  it('names the line and key of a wrong type', () => {
    expect(error('server:\n  port: "high"\n')).toMatch(/^docs\.config\.yaml:2:9: server\.port: .*number/);
    expect(error('organizations:\n  - title: A\n  - title: 5\n')).toMatch(/^docs\.config\.yaml:3:12: organizations\.1\.title/);
    expect(error('organizations: []\n')).toMatch(/^docs\.config\.yaml:1:16: organizations:/);
  });

  it('reads the imports settings and names the line and key of a bad one', () => {
    expect(parseConfig('imports:\n  folder: ./imports\n  crawlDelayMs: 0\n', 'docs.config.yaml').imports).toMatchObject({
      folder: './imports',
      crawlDelayMs: 0,
      maxPages: 200,
    });
    expect(error('imports:\n  crawlDelayMs: -5\n')).toMatch(/^docs\.config\.yaml:2:17: imports\.crawlDelayMs: /);
    expect(error('imports:\n  maxPages: many\n')).toMatch(/^docs\.config\.yaml:2:13: imports\.maxPages: /);
    expect(error('imports:\n  folder: ./in\n  depth: 3\n')).toBe(
      'docs.config.yaml:3:3: unknown key "imports.depth"; expected one of folder, crawlDelayMs, maxPages, maxDepth, timeoutMs',
    );
  });

  it('reports YAML syntax errors with their line', () => {
    expect(error('server:\n  port: [1, 2\n')).toMatch(/^docs\.config\.yaml:\d+:\d+: /);
    expect(error('a: 1\na: 2\n')).toMatch(/^docs\.config\.yaml:2:1: .*(unique|duplicate)/i);
  });

  it('rejects a config that is not a mapping', () => {
    expect(error('- a\n- b\n')).toBe('docs.config.yaml:1:1: the config must be a mapping of keys to values');
  });

  it('tolerates zero-width spaces', () => {
    expect(parseConfig('server:\u200b\n  port: 4001\n').server.port).toBe(4001);
  });

  it('refuses a missing --config file by name', () => {
    expect(() => loadConfig({ file: 'nope.yaml', cwd: '/tmp' })).toThrow('nope.yaml: no such file');
  });

  it('reads gitSync.mergeMessage, defaulting to QUIRE-{number}: {subject}', () => {
    expect(parseConfig('').gitSync.mergeMessage).toBe('QUIRE-{number}: {subject}');
    expect(parseConfig('gitSync:\n  mergeMessage: "docs: {subject} (#{number})"\n').gitSync.mergeMessage).toBe('docs: {subject} (#{number})');
    expect(parseConfig('gitSync:\n  mergeMessage: "Merge #{number}\\n\\nFrom Quire."\n').gitSync.mergeMessage).toBe('Merge #{number}\n\nFrom Quire.');
  });

  it('rejects a gitSync.mergeMessage that is blank, names no placeholder, or names an unknown one', () => {
    expect(error('gitSync:\n  mergeMessage: ""\n')).toMatch(/^docs\.config\.yaml:2:17: gitSync\.mergeMessage: .*subject/);
    expect(error('gitSync:\n  mergeMessage: "  \\n{number}"\n')).toMatch(
      /^docs\.config\.yaml:2:17: gitSync\.mergeMessage: the first line .* must not be blank/,
    );
    expect(error('gitSync:\n  mergeMessage: Merged a change request\n')).toMatch(/gitSync\.mergeMessage: must contain \{number\} or \{subject\}/);
    expect(error('gitSync:\n  mergeMessage: "{title} (#{number})"\n')).toMatch(/gitSync\.mergeMessage: the only placeholders are \{number\} and \{subject\}/);
    expect(error('gitSync:\n  mergeMessage: 5\n')).toMatch(/^docs\.config\.yaml:2:17: gitSync\.mergeMessage: .*string/);
    expect(error('gitSync:\n  message: "{number}"\n')).toBe('docs.config.yaml:2:3: unknown key "gitSync.message"; expected one of mergeMessage');
  });

  it('ships an up-to-date JSON Schema for editors', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../schema/docs.config.schema.json', import.meta.url), 'utf8'));
    expect(shipped).toEqual(configJsonSchema());
  });
});
