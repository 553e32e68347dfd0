import pkg from '../package.json' with { type: 'json' };

/** The product version, from package.json (inlined into the binary at build time). */
export const version: string = pkg.version;
