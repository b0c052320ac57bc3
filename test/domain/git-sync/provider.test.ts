import { describe, expect, it } from 'vitest';
import { gitProvider } from '../../../src/domain/git-sync/git.js';

// 0.202.0's GitSyncState names the provider of a space's Git Sync: only remotes GitHub or GitLab hosts have one.
describe('gitProvider', () => {
  it('names GitHub and GitLab from the remote, in URL and scp-like forms, hosted or self-hosted', () => {
    expect(gitProvider('https://github.com/acme/docs.git')).toBe('github');
    expect(gitProvider('git@github.com:acme/docs.git')).toBe('github');
    expect(gitProvider('https://user:token@GitHub.com/acme/docs')).toBe('github');
    expect(gitProvider('https://github.example.com/acme/docs.git')).toBe('github');
    expect(gitProvider('https://gitlab.com/acme/docs.git')).toBe('gitlab');
    expect(gitProvider('ssh://git@gitlab.example.org/acme/docs.git')).toBe('gitlab');
    expect(gitProvider('git@gitlab.example.org:acme/docs.git')).toBe('gitlab');
  });
  it('names none for another host or a directory', () => {
    expect(gitProvider('https://bitbucket.org/acme/docs.git')).toBeUndefined();
    expect(gitProvider('https://git.example.com/github.com/docs.git')).toBeUndefined();
    expect(gitProvider('/srv/repos/docs')).toBeUndefined();
    expect(gitProvider('C:\\repos\\docs')).toBeUndefined();
  });
});
