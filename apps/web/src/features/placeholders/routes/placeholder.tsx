import { Page } from '../../../components/layout/page';

/** Stands in for a screen that a later issue builds: the page title inside the layout. */
export const PlaceholderPage = ({ title }: { title: string }) => <Page title={title} />;
