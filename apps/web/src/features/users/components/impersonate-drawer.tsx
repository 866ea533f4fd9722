import { Drawer } from '../../../components/ui/drawer';
import { Spinner } from '../../../components/ui/spinner';
import { useStartImpersonation } from '../../../lib/auth';
import { searchUsers } from '../api/search-users';
import { UserSearchField } from './user-search-field';

// The server refuses superusers as targets, so they are not offered.
const searchImpersonable = async (text: string) =>
  (await searchUsers(text)).filter((user) => !user.is_superuser);

export type ImpersonateDrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
};

/** Staff pick a user; the session then acts as them until Stop (spec §4, §6). */
export const ImpersonateDrawer = ({ open, onOpenChange }: ImpersonateDrawerProps) => {
  const start = useStartImpersonation();
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title="Impersonate"
      description="See the portal exactly as another user sees it."
    >
      <div className="flex flex-col gap-4">
        <UserSearchField
          label="Search for a user to impersonate"
          search={searchImpersonable}
          onSelect={(user) => start.mutate(user.id)}
        />
        {start.isPending && <Spinner label="Starting impersonation" />}
        <p className="text-xs text-slate-500">
          Superusers cannot be impersonated. While impersonating, a banner lets you stop at any
          time.
        </p>
      </div>
    </Drawer>
  );
};
