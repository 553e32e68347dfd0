/**
 * The compiled binary and Debian chromium for one browser test file: both started before the
 * file's tests and stopped after them. The rate limits are lifted, because a file plays many
 * games from one address.
 */
import { afterAll, beforeAll } from 'bun:test';
import type { Browser } from 'playwright-core';
import { type RunningBinary, startBinary } from './binary';
import { launchBrowser } from './browser';

export interface Site {
  readonly server: RunningBinary;
  readonly browser: Browser;
}

export function startSite(): Site {
  let server: RunningBinary | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startBinary({
        env: {
          RATE_LIMIT_QUIZ_PER_MINUTE: '10000',
          RATE_LIMIT_SUBMIT_PER_MINUTE: '10000',
          RATE_LIMIT_SUBMIT_PER_HOUR: '10000',
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('the site is started in beforeAll');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the site is started in beforeAll');
      return browser;
    },
  };
}
