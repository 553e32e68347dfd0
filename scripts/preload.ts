// Loaded by bunfig.toml before `bun src/main.ts` and `bun test`: lets the server
// render components whose styles live in `.css.ts` files (class names only;
// the CSS itself comes from the client build in dist/client).
import { plugin } from 'bun';
import { vanillaExtract } from './vanilla-extract-plugin';

plugin(vanillaExtract({ css: false }));
