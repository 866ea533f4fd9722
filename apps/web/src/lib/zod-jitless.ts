import { config } from 'zod/v4/core';

// zod compiles each object schema with `new Function` as the schema is defined, unless told not
// to; the portal's CSP forbids eval, so that probe only logged a CSP violation on every page
// (Lighthouse's best practices 96, decision 0055) before zod fell back to what jitless does
// anyway. The web build resolves every `import … from 'zod'` to this module (vite.config.ts), so
// the setting comes before the first schema whichever lazy chunk brings zod — and the entry,
// which /login loads, need not carry zod to be first.
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
