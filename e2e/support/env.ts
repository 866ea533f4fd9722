/** Shared facts about the server the e2e run started (see playwright.config.ts). */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-1' } as const;

export const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set; run the tests through playwright.config.ts');
  return dir;
};
