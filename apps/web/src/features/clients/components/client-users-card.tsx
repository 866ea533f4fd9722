import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trash2, UserPlus, Users } from 'lucide-react';
import { z } from 'zod';
import {
  clientUserCreateRequestSchema,
  type Client,
  type ClientUser,
} from '@portal/contract/clients';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/input';
import { DataTable } from '../../../components/ui/data-table';
import { toast } from '../../../components/ui/toast';
import { applyFormErrors, toastError } from '../../../lib/errors';
import { SectionQuery } from '../../projects/components/query-states';
import { EmptyState } from '../../projects/components/states';
import { useAddClientUser, useClientUsers, useRemoveClientUser } from '../api/client-users';

/** The email rule of the contract's add-a-client-user body. */
const addUserSchema = z.object({ email: clientUserCreateRequestSchema.shape.email.unwrap() });
type AddUserInput = z.input<typeof addUserSchema>;
type AddUserOutput = z.output<typeof addUserSchema>;

const fullName = (link: ClientUser) => `${link.user.first_name} ${link.user.last_name}`.trim();

/** Who follows the client's projects: add by email (inviting unknown addresses), remove. */
export const ClientUsersCard = ({ client }: { client: Client }) => {
  const users = useClientUsers(client.id);
  const remove = useRemoveClientUser(client.id);
  const [removing, setRemoving] = useState<ClientUser | null>(null);

  const onRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(`${removing.user.email} was removed from ${client.name}`);
        setRemoving(null);
      },
      onError: (error) => {
        setRemoving(null);
        toastError(error);
      },
    });
  };

  return (
    <Card aria-labelledby="client-users-title">
      <CardHeader
        title={<span id="client-users-title">Users</span>}
        description="People who sign in to follow this client's projects."
      />
      <AddUserForm client={client} />
      <SectionQuery query={users} what="users">
        {(list) => (
          <DataTable
            aria-label="Users"
            rows={list}
            rowKey={(link) => link.id}
            emptyClassName="py-2"
            empty={
              <EmptyState icon={Users} title="Nobody follows this client yet">
                Add someone by email; a new address gets an invitation to choose a password.
              </EmptyState>
            }
            columns={[
              {
                header: 'Email',
                cellClassName: 'break-all',
                cell: (link) => (
                  <>
                    <span className="font-medium text-slate-900">{link.user.email}</span>
                    {/* Narrow screens fold the name under the email. */}
                    {fullName(link) && (
                      <span className="block text-xs text-slate-500 sm:hidden">
                        {fullName(link)}
                      </span>
                    )}
                  </>
                ),
              },
              {
                header: 'Name',
                headerClassName: 'hidden sm:table-cell',
                cellClassName: 'hidden whitespace-nowrap sm:table-cell',
                cell: (link) =>
                  fullName(link) || <span className="text-slate-500">Not given yet</span>,
              },
              {
                header: 'Actions',
                headerContent: <span className="sr-only">Actions</span>,
                headerClassName: 'w-12',
                cellClassName: 'py-1.5 text-right',
                cell: (link) => (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-slate-400 hover:bg-red-50 hover:text-red-600"
                    aria-label={`Remove ${link.user.email}`}
                    onClick={() => setRemoving(link)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                ),
              },
            ]}
          />
        )}
      </SectionQuery>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove user"
        message={
          removing
            ? `Are you sure you want to remove ${removing.user.email} from ${client.name}? They will no longer see its projects.`
            : ''
        }
        confirmLabel="Remove"
        danger
        pending={remove.isPending}
        onConfirm={onRemove}
      />
    </Card>
  );
};

const AddUserForm = ({ client }: { client: Client }) => {
  const id = useId();
  const add = useAddClientUser(client.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isValid },
  } = useForm<AddUserInput, unknown, AddUserOutput>({
    resolver: zodResolver(addUserSchema),
    mode: 'onChange',
    delayError: 600,
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(({ email }) =>
    add.mutate(email, {
      onSuccess: (link) => {
        toast.success(`${link.user.email} was added to ${client.name}`);
        reset();
      },
      onError: (error) => applyFormErrors(error, setError, ['email']),
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-2 border-b border-slate-200 bg-slate-50/60 px-5 py-4"
    >
      <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-700">
        Add a user by email
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          placeholder="name@company.com"
          aria-describedby={`${id}-hint${errors.email ? ` ${id}-error` : ''}`}
          invalid={Boolean(errors.email)}
          className="sm:flex-1"
          {...register('email')}
        />
        <Button type="submit" disabled={!isValid} loading={add.isPending}>
          <UserPlus aria-hidden />
          Add User
        </Button>
      </div>
      {errors.email?.message && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {errors.email.message}
        </p>
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Someone without an account gets an email inviting them to choose a password.
      </p>
      <FormError message={errors.root?.message} />
    </form>
  );
};
