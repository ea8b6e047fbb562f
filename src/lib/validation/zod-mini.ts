// The one way into zod for the site's schemas: the tree-shakable mini build, so every
// island loads only the checks its schemas use. English messages for checks that give none
// of their own, and jitless parsing: nothing is compiled with `new Function`, so pages
// under a Content-Security-Policy without 'unsafe-eval' see no violation.
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config({ ...en(), jitless: true });

export * from 'zod/mini';
