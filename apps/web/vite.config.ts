/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

/** A module id with forward slashes and without a query or hash, for the groups' tests below. */
const normalId = (id: string) => id.replaceAll('\\', '/').replace(/[?#].*$/, '');
/** …and without its extension. */
const modulePath = (id: string) => normalId(id).replace(/\.(tsx?|m?js)$/, '');

/** dnd-kit and the house's sortable parts built on it (`components/ui`, `lib`). */
const isDragAndDrop = (id: string): boolean =>
  /\/node_modules\/@dnd-kit\//.test(normalId(id)) ||
  /\/apps\/web\/src\/(components\/ui\/(drag-handle|grip-slots|nested-board|nested-sortable|sortable-binding|sortable-list|use-sortable-row)|lib\/(nested-list|optimistic-moves))$/.test(
    modulePath(id),
  );

/** The lucide icon a module id is (its file name, which may differ from its export's), if any. */
const iconName = (id: string) =>
  /\/node_modules\/lucide-react\/dist\/esm\/icons\/([\w-]+)\.mjs$/.exec(normalId(id))?.[1];
/**
 * The toasts' icons: a toast may show on any screen, /login too (a Google sign-in that failed),
 * so they come with the entry (under 1 KB gzip), not with the signed-in app (decision 0058).
 */
const TOAST_ICONS = new Set([
  'x',
  'info',
  'circle-check',
  'circle-exclamation-point',
  'triangle-exclamation-point',
]);
const isToastIcon = (id: string) => TOAST_ICONS.has(iconName(id) ?? '');
/** The visitor screens' own icons (the sign-in key, the 404's compass, the e-mail sent). */
const VISITOR_ICONS = new Set(['key-round', 'compass', 'mail-check']);
/**
 * Every other icon, with the signed-in frame: 80-odd icons, 7 KB gzip, where a screen took each
 * from whichever chunk first reached it before (decision 0058).
 */
const isSignedInIcon = (id: string): boolean => {
  const name = iconName(id);
  return name !== undefined && !TOAST_ICONS.has(name) && !VISITOR_ICONS.has(name);
};

/** The resource form and the comment thread (`components/forms`, `components/comments`). */
const isSharedFormPart = (id: string): boolean =>
  /\/apps\/web\/src\/components\/(forms\/resource-form|comments\/[\w-]+)$/.test(modulePath(id));

/**
 * The shared layer of the signed-in screens, one file that every one of them loads (decision
 * 0058): `components/` (ui, layout, forms) and `lib/` but for what only a few screens use or what
 * the groups before own (zod's setting, the form library's parts: `shared-forms`), the states and query keys each feature shares, the activity feed (on the estimate and a
 * lead), the contract modules those import, and two small node modules most screens reach.
 * Before, the estimate's chunk captured all of it with dnd-kit, and every screen loaded both.
 * The group takes what these modules import too (as the frame's always did), so `NOT_SHARED`
 * keeps a module out only while no shared module imports it: the date picker would come onto
 * every screen with the first shared module that used it.
 */
const NOT_SHARED = new Set([
  // Visitor screens' (their own chunks) and the signed-in frame's (its chunk).
  'new-password-fields',
  'toast-stack',
  'side-nav',
  'user-menu',
  'impersonation-banner',
  'user-button',
  'avatar',
  'top-bar',
  // Used by one to three screens, or bringing a library of their own (react-day-picker, Radix
  // tabs): left to the screens that import them.
  'date-picker',
  'fields',
  'combobox',
  'multi-select',
  'side-scroller',
  'pagination',
  'file-upload',
  'file-accept',
  'tabs',
  'use-scroll-edges',
  'use-media-query',
  'users',
  // The lists' table parts: the estimate, Home and the test screens draw no table.
  'table',
  'data-table',
  'sort-header',
  'use-url-ordering',
  'dialog-fields',
]);
const isSharedScreenModule = (id: string): boolean => {
  const file = modulePath(id);
  const name = file.slice(file.lastIndexOf('/') + 1);
  if (/\/apps\/web\/src\/(components\/(ui|layout|forms)|lib)\/[\w-]+$/.test(file))
    return !NOT_SHARED.has(name);
  return (
    /\/apps\/web\/src\/features\/([\w-]+\/(components\/states|api\/keys)|activity\/(api|lib|components)\/[\w-]+|estimate-versions\/components\/version-status)$/.test(
      file,
    ) ||
    /\/packages\/contract\/src\/(sorting|ordering|format|estimates|estimate-versions|estimate-version-statuses|clients|leads|projects)$/.test(
      file,
    ) ||
    /\/node_modules\/(date-fns\/(parseISO|constants)|@tanstack\/(react-query|query-core)\/build\/modern\/(useInfiniteQuery|infiniteQueryObserver))$/.test(
      file,
    )
  );
};

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
              test: (id) =>
                /src\/(main\.tsx|components\/(ui\/(field|plain-input)|layout\/(form-error|bound-field))\.tsx|lib\/(use-page-title|config|passkeys)\.ts)$/.test(
                  normalId(id),
                ) || isToastIcon(id),
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
            // Drag and drop, for the four screens that reorder (estimate, test plan, leads board,
            // milestones): dnd-kit alone is 27 KB gzip of what every screen loaded before.
            { name: 'dnd', includeDependenciesRecursively: false, test: isDragAndDrop },
            // The shared parts built on the form library (the resource form, the comment
            // thread), only these modules: the screens with forms or comments load them, and
            // Home, the test screens and the canvases need neither them nor react-hook-form.
            { name: 'shared-forms', includeDependenciesRecursively: false, test: isSharedFormPart },
            // The signed-in frame and the shared layer its screens draw with (with tailwind-merge
            // and the icons), with everything they import, then the estimate screen with what it
            // imports beyond the groups above (decisions 0037, 0058): over HTTP/1.1's six
            // connections its first visit fetched ~70 small chunks before it could render; now
            // nine files. One group: the shared layer and the frame import each other (Radix, the
            // dialogs), and as two chunks whichever ran second found the other's components
            // undefined. The visitor screens load none of it (e2e/first-load.spec.ts): they draw
            // primitives that join their classes without tailwind-merge (`PlainButton`,
            // `PlainInput`, `Field`, `Spinner`; 8 KB gzip of /login's budget) and their own icons.
            {
              name: 'signed-in',
              test: (id) =>
                /\/apps\/web\/src\/app\/routes\/signed-in-layout$/.test(modulePath(id)) ||
                isSharedScreenModule(id) ||
                isSignedInIcon(id) ||
                /\/node_modules\/tailwind-merge\/|\/apps\/web\/src\/components\/ui\/cn$/.test(
                  modulePath(id),
                ),
            },
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
