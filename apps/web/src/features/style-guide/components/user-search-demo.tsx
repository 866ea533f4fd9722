import { useState } from 'react';
import type { User } from '@portal/contract/users';
import { toast } from '../../../components/ui/toast';
import { useSession } from '../../../lib/auth';
import { displayName } from '../../../lib/users';
import { UserSearchField } from '../../users/components/user-search-field';
import { Readout, Showcase } from './showcase';

const demoUsers: User[] = [
  ['ada@example.com', 'Ada', 'Lovelace'],
  ['alan@example.com', 'Alan', 'Turing'],
  ['grace@example.com', 'Grace', 'Hopper'],
  ['katherine@example.com', 'Katherine', 'Johnson'],
  ['linus@example.com', 'Linus', 'Torvalds'],
  ['margaret@example.com', 'Margaret', 'Hamilton'],
  ['noname@example.com', '', ''],
].map(([email = '', first_name = '', last_name = ''], index) => ({
  id: index + 1,
  email,
  first_name,
  last_name,
  phone: '',
  image: null,
  is_superuser: false,
  time_zone: 'UTC',
}));

/** Stands in for the staff-only server search, so every visitor can try the field. */
const searchDemoUsers = async (text: string): Promise<User[]> => {
  await new Promise((resolve) => setTimeout(resolve, 250));
  const needle = text.toLowerCase();
  return demoUsers.filter((user) =>
    [user.email, user.first_name, user.last_name].some((part) =>
      part.toLowerCase().includes(needle),
    ),
  );
};

const describe = (user: User) => {
  const name = displayName(user);
  return name === user.email ? name : `${name} <${user.email}>`;
};

export const UserSearchDemo = () => {
  const { isSuperuser } = useSession();
  const [selected, setSelected] = useState<User | null>(null);
  return (
    <Showcase
      title="User search"
      description={
        isSuperuser
          ? 'Searches the real users by email or name, 500 ms after the last keystroke or at once with Search.'
          : 'Searches sample users by email or name (try “a”), 500 ms after the last keystroke or at once with Search. Staff search the real users.'
      }
    >
      <div className="max-w-md">
        <UserSearchField
          search={isSuperuser ? undefined : searchDemoUsers}
          onSelect={(user) => {
            setSelected(user);
            toast.info(`Selected ${displayName(user)}`);
          }}
        />
      </div>
      <Readout label="Selected">{selected ? describe(selected) : 'nobody'}</Readout>
    </Showcase>
  );
};
