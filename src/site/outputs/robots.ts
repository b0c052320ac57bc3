/** `robots.txt`: everything may be crawled except pages marked `noRobotsIndex`; AI agents fetching for a user are welcome. */
export function robotsTxt(disallowed: readonly string[], sitemapUrl: string | null): string {
  const lines = ['User-agent: *', 'Allow: /', ...disallowed.map((path) => `Disallow: ${path}`), ''];
  lines.push('User-agent: ChatGPT-User', 'User-agent: Claude-User', 'User-agent: Perplexity-User', 'Allow: /', '');
  if (sitemapUrl) lines.push(`Sitemap: ${sitemapUrl}`, '');
  return lines.join('\n');
}
