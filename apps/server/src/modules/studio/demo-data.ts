import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Executor } from '../../db/client';
import { serverRoot } from '../../paths';
import { studio } from '../../db/schema/index';
import type { Storage } from '../../storage/types';

/** The demo studio's logo: drawn as SVG here, stored as the PNG an upload would become. */
export const DEMO_LOGO_KEY = 'studio/northwind-demo.png';

/**
 * The demo's studio (issue 25): Acme's client users see Northwind's name, colour and mark, and
 * its estimates a letterhead. Needs the storage for the logo, so the bootstrap calls it.
 */
export const seedDemoStudio = async (db: Executor, storage: Storage) => {
  const { default: sharp } = await import('sharp');
  const svg = await readFile(path.join(serverRoot, 'src/modules/studio/demo-logo.svg'));
  await storage.put(DEMO_LOGO_KEY, await sharp(svg).png().toBuffer(), 'image/png');
  await db.insert(studio).values({
    name: 'Northwind Design Studio',
    accentColor: '#0f766e',
    website: 'https://northwind.example',
    emailFooter: 'Northwind Design Studio · 14 Harbour Street, Bristol BS1 4QA · +44 117 496 0000',
    legalName: 'Northwind Design Ltd',
    address: '14 Harbour Street\nBristol BS1 4QA\nUnited Kingdom',
    taxId: 'GB 123 4567 89',
    estimateValidityDays: 30,
    logo: DEMO_LOGO_KEY,
  });
};
