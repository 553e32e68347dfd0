/**
 * What a page request says about where its visitor came from (docs/decisions/040): the referring
 * site's host, never its path or query, and the campaign parameters of the address. Nothing is
 * kept of the visitor; a navigation inside the site (the referrer is this site) counts nothing.
 */
import { isbot } from 'isbot';
import { DIRECT_SOURCE } from '../shared/contracts/admin-sources';

/** Longest host kept (DNS allows 253; anything longer is cut, not refused). */
const MAX_HOST = 100;
/** Longest campaign value kept. */
const MAX_CAMPAIGN_VALUE = 60;
/** Schemes whose host names a referring site (`android-app://com.google.android.gm/`: an app). */
const REFERRER_SCHEMES = new Set(['http:', 'https:', 'android-app:']);

export interface LandingSource {
  /** The referring host, normalised; DIRECT_SOURCE ('') when none was named. */
  referrer: string;
  /** `source|medium|campaign` when the address carried any `utm_` parameter. */
  campaign?: string;
}

/** A host as counted: lower case, without `www.` and a trailing dot, at most MAX_HOST characters. */
function normaliseHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  return host.slice(0, MAX_HOST);
}

/**
 * A campaign value as counted: NFC, lower case, runs of white space as one space, only letters,
 * digits, space and `. _ + / : -` (no `|`, which joins the three, nor parentheses, which
 * `(ostalo)` has), at most MAX_CAMPAIGN_VALUE characters.
 */
function normaliseCampaignValue(value: string | null): string {
  if (!value) return '';
  return value
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ._+/:-]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_CAMPAIGN_VALUE)
    .trim();
}

/** The three campaign parameters of an address joined, or undefined without any. */
function campaignOf(params: URLSearchParams): string | undefined {
  const values = ['utm_source', 'utm_medium', 'utm_campaign'].map((k) =>
    normaliseCampaignValue(params.get(k)),
  );
  return values.some((v) => v !== '') ? values.join('|') : undefined;
}

/** The referring site's host, DIRECT_SOURCE when the header names none (or is not an address). */
function referrerHost(referer: string | null): string {
  if (!referer) return DIRECT_SOURCE;
  try {
    const url = new URL(referer);
    return REFERRER_SCHEMES.has(url.protocol) && url.hostname ? normaliseHost(url.hostname) : DIRECT_SOURCE;
  } catch {
    return DIRECT_SOURCE;
  }
}

/** A request a browser sends ahead of a visit (a prefetch or prerender): not a visit. */
const speculative = (headers: Headers) =>
  /prefetch|prerender/i.test(`${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`);

/**
 * The landing source of a page request, or undefined when it is none: not a GET, a crawler or a
 * prefetch, or a navigation from this site (its own host, or SITE_URL's).
 */
export function landingSourceOf(request: Request, ownHosts: ReadonlySet<string>): LandingSource | undefined {
  if (request.method !== 'GET') return undefined;
  const { headers } = request;
  // Most page requests are navigations inside the site: told apart first, by the cheapest test.
  const referrer = referrerHost(headers.get('referer'));
  const host = headers.get('host');
  if (referrer !== DIRECT_SOURCE && (ownHosts.has(referrer) || (host && referrer === hostOf(host))))
    return undefined;
  if (isCrawler(headers.get('user-agent') ?? '') || speculative(headers)) return undefined;
  const query = request.url.indexOf('?');
  const campaign = query < 0 ? undefined : campaignOf(new URLSearchParams(request.url.slice(query + 1)));
  return campaign ? { referrer, campaign } : { referrer };
}

/** User agents already classified: a few browsers make most visits, and isbot's test is the dearest step. */
const crawlers = new Map<string, boolean>();
const CRAWLER_CACHE = 1_000;

function isCrawler(agent: string): boolean {
  if (agent === '') return true;
  let known = crawlers.get(agent);
  if (known === undefined) {
    known = isbot(agent);
    // A flood of made-up agents empties the cache rather than growing it.
    if (crawlers.size >= CRAWLER_CACHE) crawlers.clear();
    crawlers.set(agent, known);
  }
  return known;
}

/** The normalised host of a `Host` header (`kviz.example:8080` → `kviz.example`). */
function hostOf(header: string): string {
  try {
    return normaliseHost(new URL(`http://${header}`).hostname);
  } catch {
    return '';
  }
}

/** The hosts that are this site: SITE_URL's. */
export function ownHostsOf(siteUrl: string): Set<string> {
  try {
    return new Set([normaliseHost(new URL(siteUrl).hostname)]);
  } catch {
    return new Set();
  }
}
