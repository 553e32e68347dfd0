import type { BrowserFamily, DeviceClass } from '../../src/shared/devices';

/** The dashboard's names of the device classes and browser families the server counts. */
export const deviceNames: Record<DeviceClass, string> = {
  phone: 'Mobitel',
  tablet: 'Tablet',
  desktop: 'Računalo',
  other: 'Ostalo',
};
export const browserNames: Record<BrowserFamily, string> = {
  chrome: 'Chrome',
  safari: 'Safari',
  firefox: 'Firefox',
  edge: 'Edge',
  samsung: 'Samsung Internet',
  opera: 'Opera',
  other: 'Ostali',
};
