import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

/**
 * A stand-in for a studio's own website carrying the README's lead form snippet. It runs on its
 * own origin — 127.0.0.2 on the portal's port, which is free there and unique to each run — so
 * the form's POST is a real cross-origin request, preflight included (a `page.route` page would
 * have Playwright answer the preflight itself). playwright.config.ts lists this origin in
 * LEAD_FORM_ORIGINS.
 */
export const leadWebsiteOrigin = (portalURL: string) => {
  const url = new URL(portalURL);
  url.hostname = '127.0.0.2';
  return url.origin;
};

const root = path.resolve(import.meta.dirname, '..', '..');
const FIXTURE = path.join(root, 'e2e', 'fixtures', 'lead-form.html');
const DATA_PORTAL = /data-portal="[^"]*"/;

/** The snippet of the README's "Website lead form" section. */
export const readmeLeadFormSnippet = () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Website lead form'));
  const match = /```html\n([\s\S]*?)```/.exec(section);
  if (!match?.[1]) throw new Error('README.md has no html snippet under "Website lead form"');
  return match[1];
};

/** Markup compared as a browser reads it: whitespace runs are one space, data-portal is left out. */
export const normalizeMarkup = (html: string) =>
  html.replace(DATA_PORTAL, 'data-portal=""').replace(/\s+/g, ' ').replace(/ \/>/g, '/>').trim();

/** The test page: the fixture, with the snippet's data-portal pointing at this run's portal. */
export const leadWebsitePage = (portalURL: string) =>
  readFileSync(FIXTURE, 'utf8').replace(DATA_PORTAL, `data-portal="${portalURL}"`);

/** Serves the test page at every path of the stand-in website until `close()`. */
export const startLeadWebsite = async (portalURL: string) => {
  const origin = new URL(leadWebsiteOrigin(portalURL));
  const html = leadWebsitePage(portalURL);
  const server = createServer((request, response) => {
    if (request.method !== 'GET') {
      response.writeHead(405).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(origin.port), origin.hostname, resolve);
  });
  return {
    origin: origin.origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
