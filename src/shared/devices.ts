/**
 * The device of a play, derived from its user-agent string when the play is
 * recorded (src/play/device.ts) and counted per day. Shared so the dashboard
 * names the same classes the server counts.
 */

/** `other`: bots, crawlers, consoles, TVs, an empty or unrecognised user agent. */
export const DEVICE_CLASSES = ['phone', 'tablet', 'desktop', 'other'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

export const BROWSER_FAMILIES = ['chrome', 'safari', 'firefox', 'edge', 'samsung', 'opera', 'other'] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];
