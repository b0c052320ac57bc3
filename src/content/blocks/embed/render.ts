import { toString } from 'mdast-util-to-string';
import type { Embed } from './syntax.js';
import { el, linkProps, text, type BlockRenderer } from '../render.js';

/**
 * `{% embed url %}`: a video from YouTube (through youtube-nocookie), Vimeo (do-not-track) or Loom plays in a
 * sandboxed frame loaded lazily; anything else is a link card, so no other third party is loaded.
 */
export const embed: BlockRenderer = (ctx, state, node: Embed) => {
  const { url, external } = ctx.resolve(node.url, 'embed');
  let host = node.url;
  try {
    host = new URL(node.url).host;
  } catch {
    // not an absolute URL: show it as written
  }
  const caption = node.captionAttribute ? [el('p', {}, [text(node.captionAttribute)])] : state.all(node);
  const video = url ? videoPlayer(url) : null;
  if (video && url) {
    const label = node.captionAttribute ?? toString(node).trim();
    return el('div', { className: ['embed', 'embed-player'] }, [
      el('div', { className: ['embed-video'] }, [
        el('iframe', {
          src: video.src,
          title: label ? `${video.provider} video: ${label}` : `${video.provider} video`,
          loading: 'lazy',
          sandbox: FRAME_SANDBOX,
          allow: FRAME_ALLOW,
          referrerPolicy: FRAME_REFERRER,
          allowFullScreen: true,
        }),
      ]),
      ...caption,
      el('p', { className: ['embed-source'] }, [el('a', linkProps(ctx, url, external), [text(`Open on ${video.provider}`)])]),
    ]);
  }
  return el('div', { className: ['embed'] }, [
    url
      ? el('a', { ...linkProps(ctx, url, external), className: ['embed-link'] }, [
          el('span', { className: ['embed-host'] }, [text(host)]),
          el('span', { className: ['embed-url'] }, [text(node.url)]),
        ])
      : text(node.url),
    ...caption,
  ]);
};

/** The only values a frame's `sandbox`, `allow` and `referrerpolicy` may have (the player needs scripts; the page keeps its origin). */
export const FRAME_SANDBOX = ['allow-scripts', 'allow-same-origin', 'allow-presentation', 'allow-popups'];
export const FRAME_ALLOW = 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen';
export const FRAME_REFERRER = 'strict-origin-when-cross-origin';

const ID = /^[\w-]{4,64}$/;

/** The player URL of a YouTube, Vimeo or Loom page, or null for any other URL. */
export function videoPlayer(href: string): { provider: string; src: string } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    const id =
      host === 'youtu.be'
        ? parts[0]
        : parts[0] === 'watch'
          ? url.searchParams.get('v')
          : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')
            ? parts[1]
            : undefined;
    if (!id || !ID.test(id)) return null;
    const params = new URLSearchParams();
    const start = seconds(url.searchParams.get('start') ?? url.searchParams.get('t'));
    if (start) params.set('start', String(start));
    const list = url.searchParams.get('list');
    if (list && ID.test(list)) params.set('list', list);
    const query = params.toString();
    return { provider: 'YouTube', src: `https://www.youtube-nocookie.com/embed/${id}${query ? `?${query}` : ''}` };
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const [id, hash] = host === 'vimeo.com' ? parts : parts[0] === 'video' ? parts.slice(1) : [];
    if (!id || !/^\d+$/.test(id)) return null;
    const h = url.searchParams.get('h') ?? hash;
    return { provider: 'Vimeo', src: `https://player.vimeo.com/video/${id}?dnt=1${h && /^[0-9a-f]+$/i.test(h) ? `&h=${h}` : ''}` };
  }
  if (host === 'loom.com' && (parts[0] === 'share' || parts[0] === 'embed') && parts[1] && ID.test(parts[1])) {
    return { provider: 'Loom', src: `https://www.loom.com/embed/${parts[1]}` };
  }
  return null;
}

/** `90`, `90s`, `1m30s`, `1h2m3s` to seconds. */
function seconds(value: string | null): number {
  const match = value ? /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(value) : null;
  if (!match) return 0;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}
