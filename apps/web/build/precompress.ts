import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `.br` and `.gz` beside every text asset after a build, at the highest levels, so the
 * server sends compressed files without compressing on each request (`preCompressed`).
 */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) =>
        COMPRESSIBLE.test(f),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await readFile(full);
          if (data.length < 1024) return;
          await writeFile(
            `${full}.br`,
            await brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${full}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
};
