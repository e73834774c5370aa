import { describe, expect, it } from 'vitest';
import { parseUserAgent, USER_AGENT_MAX_LENGTH } from './user-agent.ts';

// Real User-Agent strings as the browsers send them.
const CASES: Array<[string, string, string]> = [
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome 126', 'macOS'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67', 'Edge 125', 'Windows'],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox 127', 'Linux'],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17', 'iOS'],
  ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15', 'Safari 17', 'macOS'],
  ['Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1', 'Chrome 126', 'iPadOS'],
  ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet 25', 'Android'],
  ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome 126', 'Android'],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera 111', 'Windows'],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome 126', 'ChromeOS'],
  ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Headless Chrome 140', 'Linux'],
  ['curl/8.5.0', 'curl 8', 'Unknown'],
];

describe('parseUserAgent', () => {
  it.each(CASES)('%s → %s on %s', (ua, browser, os) => {
    expect(parseUserAgent(ua)).toEqual({ browser, os });
  });

  it('answers Unknown for a missing, empty or meaningless header', () => {
    for (const ua of [undefined, null, '', 'x', '()/;']) expect(parseUserAgent(ua)).toEqual({ browser: 'Unknown', os: 'Unknown' });
  });

  it('reads only a bounded prefix, so a huge header costs no more than a real one', () => {
    const padded = `${'a'.repeat(USER_AGENT_MAX_LENGTH)} Chrome/126.0 (Windows NT 10.0)`;
    expect(parseUserAgent(padded)).toEqual({ browser: 'Unknown', os: 'Unknown' });
    const started = performance.now();
    parseUserAgent('Mozilla/5.0 ('.repeat(100_000));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
