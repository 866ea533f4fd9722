// Moved to lib/ with <ResourceForm>; this name keeps working for existing imports.
export { useOpenSession } from '../../../lib/use-open-session';
