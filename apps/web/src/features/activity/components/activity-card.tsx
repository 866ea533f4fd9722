import type { ActivityFilters } from '@portal/contract/activity';
import { Card, CardHeader } from '../../../components/ui/card';
import { ActivityFeed } from './activity-feed';

const CARD_PAGE_SIZE = 8;

/** The "Activity" section of a project, estimate or client page. */
export const ActivityCard = ({ filters }: { filters: ActivityFilters }) => (
  <Card aria-labelledby="activity-title">
    <CardHeader title={<span id="activity-title">Activity</span>} />
    <ActivityFeed filters={filters} pageSize={CARD_PAGE_SIZE} />
  </Card>
);
