/**
 * Browser and operating system named from a User-Agent header, for the sessions list ("Chrome on macOS"). A short
 * table of our own rather than a parser package: the list only needs the family, and a wrong or unknown answer
 * costs nothing but a vaguer label. Order matters: many browsers carry other browsers' tokens (Edge says Chrome and
 * Safari, Chrome says Safari), so the most specific token is tested first.
 */

export interface UserAgentInfo {
  browser: string;
  os: string;
}

const UNKNOWN = 'Unknown';

/** The longest User-Agent kept with a session; real ones are under 300 characters, this bounds the column. */
export const USER_AGENT_MAX_LENGTH = 512;

const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bYaBrowser\/(\d+)/, 'Yandex Browser'],
  [/\bVivaldi\/(\d+)/, 'Vivaldi'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:HeadlessChrome)\/(\d+)/, 'Headless Chrome'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bChromium\/(\d+)/, 'Chromium'],
  // Safari's own number is in Version/; its Safari/ token is the WebKit build.
  [/\bVersion\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/\bcurl\/(\d+)/, 'curl'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPod)\b/, 'iOS'],
  [/\biPad\b/, 'iPadOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows (?:NT|Phone)\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** 'Chrome 126' / 'macOS'; 'Unknown' for each part that no known token names (or no header at all). */
export function parseUserAgent(header: string | null | undefined): UserAgentInfo {
  const ua = (header ?? '').slice(0, USER_AGENT_MAX_LENGTH);
  let browser = UNKNOWN;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? UNKNOWN;
  return { browser, os };
}
