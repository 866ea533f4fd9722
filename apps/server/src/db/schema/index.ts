// The drizzle-kit entry point: every table of the portal.
export * from './users';
export * from './platform';
export * from './clients';
export * from './projects';
export * from './leads';
export * from './estimates';
export * from './test-plans';
export * from './canvas';
export * from './test-runs';
export * from './estimate-versions';
export * from './notifications';
export * from './activity';
export * from './studio';
