/** Pure pieces of visitor tracking (spec 1 §7): where a visit came from, and who is a bot. */

export const DIRECT = 'Direct/None';

/**
 * The referring site's domain: the hostname, lower-cased, without a leading "www."; 'Direct/None' when there is
 * none, it is not a web address, or it is this site itself.
 */
export function referrerDomain(referrer: string | null | undefined, ownHost: string): string {
  if (!referrer) return DIRECT;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return DIRECT;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return DIRECT;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (!host || host === ownHost.toLowerCase().replace(/^www\./, '')) return DIRECT;
  return host.slice(0, 253);
}

const BOT = /bot\b|bot\/|crawl|spider|slurp|headless|lighthouse|pagespeed|preview|facebookexternalhit|embedly|curl|wget|python-requests|python-urllib|httpclient|go-http-client|java\/|okhttp|axios|node-fetch|undici|monitor|uptime|scrap/i;

/** Crawlers, link previews, monitors and scripts, by user agent; an empty one counts as a bot. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOT.test(userAgent);
}
