// The one way into zod for the site's schemas: the tree-shakable mini build, so every
// island loads only the checks its schemas use. Jitless parsing: nothing is compiled with
// `new Function`, so pages under a Content-Security-Policy without 'unsafe-eval' see no
// violation. English messages for checks that give none of their own on the server only:
// what a browser shows comes from the schemas' own messages (every field a reader sees has
// them), and the locale's table would weigh on every page with a form.
import { config } from 'zod/mini';
import { en } from 'zod/locales';

// Outside Vite (the server's workers, scripts run by Node) there is no `import.meta.env`: the server.
config(import.meta.env === undefined || import.meta.env.SSR ? { ...en(), jitless: true } : { jitless: true });

export * from 'zod/mini';
