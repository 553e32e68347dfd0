import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * A client address as text → the parsed address, or undefined when it is not
 * one. Strict on purpose: IPv4 only in its four-part decimal form (ipaddr.js
 * alone also takes "1" or "0x7f.1"), IPv4-mapped IPv6 as the IPv4 it maps.
 */
export function parseAddress(text: string): Address | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const address = ipaddr.IPv6.parse(text);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

function parseRange(text: string): [Address, number] | undefined {
  if (text.includes('/')) {
    if (!ipaddr.isValidCIDR(text)) return undefined;
    const [address, bits] = ipaddr.parseCIDR(text);
    return [address, bits];
  }
  const address = parseAddress(text);
  return address && [address, address.kind() === 'ipv4' ? 32 : 128];
}

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`: what TRUSTED_PROXIES accepts. */
export const isAddressRange = (text: string) => parseRange(text) !== undefined;

/** Is `address` (text) inside one of `ranges` (validated with isAddressRange)? */
export function createAddressMatcher(ranges: readonly string[]): (address: string) => boolean {
  const parsed = ranges.map((r) => parseRange(r)!);
  if (parsed.length === 0) return () => false;
  return (text) => {
    const address = parseAddress(text);
    return (
      address !== undefined &&
      parsed.some(([range, bits]) => range.kind() === address.kind() && address.match(range, bits))
    );
  };
}

/**
 * The key a client is counted under by the rate limits: an IPv4 address, or the
 * /64 of an IPv6 address (one subscriber usually holds a whole /64, so counting
 * single IPv6 addresses would give them 2⁶⁴ budgets). Anything else (the
 * in-process `local`) is kept, cut to a bounded length.
 */
export function limiterKey(text: string): string {
  const address = parseAddress(text);
  if (!address) return text.slice(0, 64);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/** Keys kept by `cachedLimiterKey`: more distinct addresses than this simply parse again. */
const KEY_CACHE_SIZE = 10_000;

/** An IPv4 address as `limiterKey` writes it (no leading zeros): its own key. */
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * `limiterKey` with a bounded cache: parsing an address (ipaddr.js) was a few per cent of a
 * quiz request's time, and the same addresses come back request after request. Oldest go first.
 * An IPv4 address in its usual form is its own key: it is neither parsed nor cached (a flood of
 * new addresses filled the cache with 10,000 entries that never came back, issue 37).
 */
export function createLimiterKeyCache(capacity = KEY_CACHE_SIZE): (text: string) => string {
  const cache = new Map<string, string>();
  return (text) => {
    if (CANONICAL_IPV4.test(text)) return text;
    let key = cache.get(text);
    if (key === undefined) {
      key = limiterKey(text);
      if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      cache.set(text, key);
    }
    return key;
  };
}
