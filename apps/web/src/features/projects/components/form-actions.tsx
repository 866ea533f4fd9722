// Moved to the shared layer with <ResourceForm>; this name keeps working for existing imports.
export { FormActions } from '../../../components/forms/form-actions';
