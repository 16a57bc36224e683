/**
 * Sermon links: the 11-character video id of a video-service link (public-site.md §7, external
 * links), the embed and thumbnail addresses built from it, and the link a sermon plays or shares
 * (the video link, falling back to the audio link: §3 Sermon display defaults).
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const VIDEO_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);

/**
 * The video id of a watch (`/watch?v=`), live (`/live/`), embed (`/embed/`) or short link
 * (`youtu.be/` and `/shorts/`); null for anything else, including ids that are not exactly
 * 11 characters of [A-Za-z0-9_-].
 */
export function parseVideoId(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') {
    candidate = segments.length === 1 ? segments[0] : null;
  } else if (VIDEO_HOSTS.has(host)) {
    const [first, second] = segments;
    if (first === 'watch' && segments.length === 1) candidate = url.searchParams.get('v');
    else if ((first === 'live' || first === 'embed' || first === 'shorts') && segments.length === 2) candidate = second;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/**
 * The player address: autoplay (unless `autoplay` is false: data-saver mode), no related videos
 * from other channels, privacy-enhanced host.
 */
export function videoEmbedUrl(id: string, autoplay = true): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=${autoplay ? '1' : '0'}&rel=0&playsinline=1`;
}

/** A small (480×360) thumbnail of the video. */
export function videoThumbnailUrl(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

/** What a sermon plays and shares: its video link, else its audio link, else null. */
export function sermonMediaLink(sermon: { video_url: string | null; audio_url: string | null }): string | null {
  return filled(sermon.video_url) ?? filled(sermon.audio_url) ?? null;
}

function filled(value: string | null | undefined): string | undefined {
  const text = value?.trim();
  return text === '' ? undefined : text;
}

/** Titles longer than `max` characters are cut (spec §9: 40 on sermon cards) and end in '...'. */
export function cutTitle(title: string, max = 40): string {
  return title.length > max ? `${title.slice(0, max).trimEnd()}...` : title;
}
