import { describe, expect, test } from 'bun:test';
import { classifyUserAgent, createDeviceClassifier } from './device';

// Real user-agent strings as browsers send them (navigator.userAgent).
const cases: [string, string, { deviceClass: string; browser: string }][] = [
  [
    'iPhone Safari',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { deviceClass: 'phone', browser: 'safari' },
  ],
  [
    'iPhone Chrome',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    { deviceClass: 'phone', browser: 'chrome' },
  ],
  [
    'Android Chrome',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Mobile Safari/537.36',
    { deviceClass: 'phone', browser: 'chrome' },
  ],
  [
    'Android Samsung Internet',
    'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    { deviceClass: 'phone', browser: 'samsung' },
  ],
  [
    'Android Firefox',
    'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
    { deviceClass: 'phone', browser: 'firefox' },
  ],
  [
    'iPad Safari (iPadOS asking for the mobile site)',
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { deviceClass: 'tablet', browser: 'safari' },
  ],
  [
    'Android tablet Chrome',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.71 Safari/537.36',
    { deviceClass: 'tablet', browser: 'chrome' },
  ],
  [
    'desktop Firefox on Linux',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    { deviceClass: 'desktop', browser: 'firefox' },
  ],
  [
    'desktop Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { deviceClass: 'desktop', browser: 'chrome' },
  ],
  [
    'desktop Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    { deviceClass: 'desktop', browser: 'edge' },
  ],
  [
    'desktop Safari on a Mac (also what iPadOS sends by default)',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    { deviceClass: 'desktop', browser: 'safari' },
  ],
  [
    'desktop Opera',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
    { deviceClass: 'desktop', browser: 'opera' },
  ],
  [
    'Googlebot',
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    { deviceClass: 'other', browser: 'other' },
  ],
  [
    'Googlebot smartphone (a phone user agent, but a crawler)',
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.126 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    { deviceClass: 'other', browser: 'other' },
  ],
  ['curl', 'curl/8.5.0', { deviceClass: 'other', browser: 'other' }],
  ['an empty string', '', { deviceClass: 'other', browser: 'other' }],
  ['blanks only', '   ', { deviceClass: 'other', browser: 'other' }],
  ['something no parser knows', 'kviz-bench', { deviceClass: 'other', browser: 'other' }],
];

describe('device class and browser family of a user agent', () => {
  test.each(cases)('%s', (_, userAgent, expected) => {
    expect(classifyUserAgent(userAgent)).toEqual(expected as ReturnType<typeof classifyUserAgent>);
  });

  test('the cached classifier answers as the parser does, and stays within its capacity', () => {
    const classify = createDeviceClassifier(3);
    for (const round of [0, 1])
      for (const [, userAgent] of cases)
        expect([round, classify(userAgent)]).toEqual([round, classifyUserAgent(userAgent)]);
  });
});
