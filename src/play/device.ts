/**
 * Device class and browser family of a user-agent string, derived when a play
 * is recorded (docs/decisions/014). Pure: no db, no HTTP.
 *
 * Parsing is left to maintained libraries with permissive licences rather than
 * home-made regular expressions: ua-parser-js 1.x (MIT; 2.x is AGPL) for the
 * device type and the browser, isbot (Unlicense) for crawlers.
 */
import { isbot } from 'isbot';
import UAParser from 'ua-parser-js';
import type { BrowserFamily, DeviceClass } from '../shared/devices';

export interface Device {
  deviceClass: DeviceClass;
  browser: BrowserFamily;
}

const OTHER: Device = { deviceClass: 'other', browser: 'other' };

function browserFamily(name: string | undefined): BrowserFamily {
  if (!name) return 'other';
  if (name === 'Edge') return 'edge';
  if (name.startsWith('Samsung')) return 'samsung'; // 'Samsung Internet'
  if (name.startsWith('Opera')) return 'opera';
  if (name.includes('Firefox')) return 'firefox';
  if (name === 'Safari' || name === 'Mobile Safari') return 'safari';
  if (name.startsWith('Chrom')) return 'chrome'; // Chrome, Chrome WebView, Chromium
  return 'other';
}

function deviceClass(type: string | undefined, recognised: boolean): DeviceClass {
  if (type === 'mobile') return 'phone';
  if (type === 'tablet') return 'tablet';
  // console, smarttv, wearable, embedded, xr: not a device this quiz is made for.
  if (type !== undefined) return 'other';
  // No device type is what ua-parser-js reports for desktop browsers; a string it cannot read at all is no desktop.
  return recognised ? 'desktop' : 'other';
}

/**
 * Classifies one user-agent string. iPadOS 13+ Safari asks for desktop pages and sends
 * a Mac user agent: it is counted as a desktop, as no server can tell it apart.
 */
export function classifyUserAgent(userAgent: string): Device {
  const ua = userAgent.trim();
  if (ua === '' || isbot(ua)) return OTHER;
  const { browser, device, os } = new UAParser(ua).getResult();
  return {
    deviceClass: deviceClass(device.type, Boolean(browser.name || os.name)),
    browser: browserFamily(browser.name),
  };
}

/**
 * classifyUserAgent with a bounded cache: parsing costs tens of microseconds, and
 * the same few hundred strings make most of the traffic. Oldest entries go first.
 */
export function createDeviceClassifier(capacity = 2000): (userAgent: string) => Device {
  const cache = new Map<string, Device>();
  return (userAgent) => {
    let device = cache.get(userAgent);
    if (!device) {
      device = classifyUserAgent(userAgent);
      if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      cache.set(userAgent, device);
    }
    return device;
  };
}
