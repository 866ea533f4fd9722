/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // zod told jitless before any schema is defined, in whichever chunk zod first loads
    // (lib/zod-jitless.ts; decision 0055). Only the bare name: the module itself imports zod/v4.
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('src/lib/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    // In development the API runs on its own port; the built app is served by the API itself.
    proxy: { '/api': 'http://127.0.0.1:8000', '/media': 'http://127.0.0.1:8000' },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // Every browser the es2022 target admits preloads modules itself (or, without
    // modulepreload, simply fetches on import); the polyfill was 0.3 KB of every first visit.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Fewer first-visit files, same code (decision 0025, second pass): each script is
        // gzipped on its own, so a dozen small chunks cost framing and lost context.
        codeSplitting: {
          groups: [
            // The entry and everything it imports statically (react-dom, react-router, query: split
            // over four files before, with tailwind-merge, all loaded on every first visit) in
            // one chunk, with the form parts and page title that nearly every screen uses, and
            // the small shared modules /login reads (the public config, whether passkeys work):
            // three more files of a few hundred bytes each on the sign-in page otherwise.
            {
              name: 'app',
              test: /src\/(main\.tsx|components\/(ui\/(field|plain-input)|layout\/(form-error|bound-field))\.tsx|lib\/(use-page-title|config|passkeys)\.ts)$/,
            },
            // tailwind-merge (with `cn`) on its own, as zod: the visitor screens draw only
            // primitives that join their classes (`PlainButton`, `PlainInput`, `Field`, `Spinner`)
            // and must not load it (8 KB gzip of /login's budget); e2e/first-load.spec.ts holds
            // that by this chunk's name. Signed-in screens load it as one more cached file.
            {
              name: 'class-merge',
              test: /node_modules[\\/]tailwind-merge[\\/]|src[\\/]components[\\/]ui[\\/]cn\.ts$/,
            },
            // /login's own code in one chunk instead of seven. Only these modules, not their
            // dependencies; sign-up and the password screens share some of them.
            {
              name: 'auth-form',
              includeDependenciesRecursively: false,
              test: /src\/(features\/auth\/components\/(auth-card|email-field|google-button)|features\/auth\/(lib\/(google|use-login-form)|routes\/login|api\/(google-)?login))\.tsx?$/,
            },
            // zod (with the module that makes it jitless) on its own: the visitor screens that
            // check forms and every signed-in screen share it; /login must not load it.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-jitless\.ts$/ },
            // What the visitor screens (sign-up, password reset, verify e-mail) share with signed-in
            // ones: the form library and the contract's user schema (with the time zones it
            // checks). Left to the two groups below, they landed in the signed-in frame's chunk
            // and the estimate's, and /sign-up downloaded both (decision 0055).
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]|src[\\/]lib[\\/]use-live-form\.ts$/,
            },
            {
              name: 'contract-users',
              test: /packages[\\/]contract[\\/]src[\\/](users|time|fields|common|auth)\.ts$/,
            },
            // The signed-in frame with everything it imports, then the estimate screen with what
            // it imports beyond that (decision 0037): over HTTP/1.1's six connections its first
            // visit fetched ~70 small chunks before it could render; now five files. Modules
            // other screens share with these come from these two chunks (cached once).
            { name: 'signed-in', test: /src\/app\/routes\/signed-in-layout\.tsx$/ },
            { name: 'estimate', test: /src\/features\/estimates\/routes\/estimate\.tsx$/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Each file still runs in a fresh VM context of its own (mocks and module state stay per
    // file), but the worker and jsdom's setup are reused: 78 files took 75 s in forks, 22 s
    // here on a quiet two-core machine (decision 0043).
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A component test takes well under a second on a quiet machine; on a loaded one (a bench
    // beside the suite) jsdom screens took over Vitest's 5 s. A hang still fails.
    testTimeout: 15_000,
  },
});
