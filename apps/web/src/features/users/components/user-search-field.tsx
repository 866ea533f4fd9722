import type { User } from '@portal/contract/users';
import { SearchCombobox } from '../../../components/ui/combobox';
import { Avatar } from '../../../components/layout/avatar';
import { displayName } from '../../../lib/users';
import { searchUsers } from '../api/search-users';

export type UserSearchFieldProps = {
  label?: string;
  placeholder?: string;
  onSelect(user: User): void;
  /** Replaces the server search (the style guide shows the field without an API). */
  search?: (text: string) => Promise<User[]>;
};

/** Finds a user by email or name, debounced 500 ms, results in a popover (spec §2). */
export const UserSearchField = ({
  label = 'Search for a user',
  placeholder = 'Email or name',
  onSelect,
  search = searchUsers,
}: UserSearchFieldProps) => (
  <SearchCombobox<User>
    label={label}
    placeholder={placeholder}
    search={search}
    getKey={(user) => user.id}
    onSelect={onSelect}
    renderItem={(user) => {
      const name = displayName(user);
      return (
        <span className="flex items-center gap-3">
          <Avatar user={user} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium text-slate-900">{name}</span>
            {name !== user.email && (
              <span className="truncate text-xs text-slate-500">{user.email}</span>
            )}
          </span>
        </span>
      );
    }}
  />
);
