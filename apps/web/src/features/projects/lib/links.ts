import type { ProjectUrlField } from '@portal/contract/projects';

/** How each URL field of a project is named: in its link group, and as a form field. */
export const PROJECT_URL_LABELS: Record<ProjectUrlField, { link: string; field: string }> = {
  slack_url: { link: 'Slack', field: 'Slack URL' },
  drive_folder_url: { link: 'Drive folder', field: 'Drive folder URL' },
  harvest_url: { link: 'Harvest', field: 'Harvest URL' },
  staging_url: { link: 'Staging', field: 'Staging URL' },
  production_url: { link: 'Production', field: 'Production URL' },
  figma_url: { link: 'Figma', field: 'Figma URL' },
  zeplin_url: { link: 'Zeplin', field: 'Zeplin URL' },
  frontend_repo_url: { link: 'Frontend', field: 'Frontend repo URL' },
  backend_repo_url: { link: 'Backend', field: 'Backend repo URL' },
  flutter_repo_url: { link: 'Flutter', field: 'Flutter repo URL' },
  android_repo_url: { link: 'Android', field: 'Android repo URL' },
  ios_repo_url: { link: 'iOS', field: 'iOS repo URL' },
};
