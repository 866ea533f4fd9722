import { config } from 'zod';

// zod compiles each object schema with `new Function` as the schema is defined, unless told not
// to; the portal's CSP forbids eval, so that probe only logged a CSP violation on every page
// (Lighthouse's best practices 96, decision 0055) before zod fell back to what jitless does
// anyway. main.tsx imports this module first, before any module that defines a schema.
config({ jitless: true });
