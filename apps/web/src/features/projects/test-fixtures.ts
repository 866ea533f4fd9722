import type { Project } from '@portal/contract/projects';

/** Acme's website as the API answers it, with no links; `fields` set what a test is about. */
export const projectFixture = (fields: Partial<Project> = {}): Project => ({
  id: 1,
  name: 'Acme Website',
  slug: 'acme-website',
  client: 5,
  vision: '',
  statement_of_work: '',
  target_date: null,
  status: 'in_progress',
  phase: '',
  percentage_complete: 0,
  slack_url: null,
  drive_folder_url: null,
  harvest_url: null,
  staging_url: null,
  production_url: null,
  figma_url: null,
  zeplin_url: null,
  frontend_repo_url: null,
  backend_repo_url: null,
  flutter_repo_url: null,
  android_repo_url: null,
  ios_repo_url: null,
  ...fields,
});
