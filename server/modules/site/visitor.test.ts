import { describe, expect, it } from 'vitest';
import { DIRECT, isBot, referrerDomain } from './visitor.ts';

describe('referrerDomain', () => {
  it.each([
    ['https://www.Google.com/search?q=ampkit', 'google.com'],
    ['http://news.ycombinator.com/item?id=1', 'news.ycombinator.com'],
    ['https://t.co/abc', 't.co'],
    [undefined, DIRECT],
    ['', DIRECT],
    ['not a url', DIRECT],
    ['android-app://com.slack/', DIRECT],
    ['javascript:alert(1)', DIRECT],
    ['https://ampkit.app/about', DIRECT],
    ['https://www.ampkit.app/', DIRECT],
  ])('%s → %s', (referrer, domain) => {
    expect(referrerDomain(referrer, 'ampkit.app')).toBe(domain);
  });
});

describe('isBot', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0 Mobile Safari/537.36 Chrome-Lighthouse',
    'facebookexternalhit/1.1',
    'curl/8.5.0',
    'python-requests/2.31',
    '',
    undefined,
  ])('counts %s as a bot', (ua) => {
    expect(isBot(ua)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  ])('counts %s as a person', (ua) => {
    expect(isBot(ua)).toBe(false);
  });
});
