import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { clientCreateRequestSchema, type Client } from '@portal/contract/clients';
import { slugify } from '@portal/contract/common';
import {
  closeWithToast,
  ResourceForm,
  saveCallbacks,
  useDeleteConfirmation,
  useResourceForm,
} from '../../../components/forms/resource-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useOpenSession } from '../../../lib/use-open-session';
import { useCreateClient, useDeleteClient, useUpdateClient } from '../api/clients';

type FormInput = z.input<typeof clientCreateRequestSchema>;
type FormOutput = z.output<typeof clientCreateRequestSchema>;

export type ClientDrawerProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Update mode with a client, create mode without one (spec §2). */
  client?: Client;
};

/** The Create/Update Client drawer. */
export const ClientDrawer = (props: ClientDrawerProps) => {
  const session = useOpenSession(props.open);
  return props.client ? (
    <UpdateClientDrawer key={session} {...props} client={props.client} />
  ) : (
    <CreateClientDrawer key={session} {...props} />
  );
};

/** One form for both modes: the create schema is the update schema plus the optional slug. */
const useClientForm = (defaults: FormInput) =>
  useResourceForm<FormInput, FormOutput>(clientCreateRequestSchema, defaults);

const InternalCheckbox = ({ id, field }: { id: string; field: UseFormRegisterReturn }) => (
  <div className="flex items-start gap-3 rounded-md border border-slate-200 bg-slate-50/60 p-3">
    <input
      id={id}
      type="checkbox"
      aria-describedby={`${id}-hint`}
      className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-600"
      {...field}
    />
    <div>
      <label htmlFor={id} className="block cursor-pointer text-sm font-medium text-slate-700">
        Internal client
      </label>
      <p id={`${id}-hint`} className="text-xs leading-relaxed text-slate-500">
        The studio's own work. It carries an 'Internal' badge in the client list.
      </p>
    </div>
  </div>
);

const CreateClientDrawer = ({ open, onOpenChange }: ClientDrawerProps) => {
  const id = useId();
  const create = useCreateClient();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isValid },
  } = useClientForm({ name: '', slug: '', is_internal: false });
  const derived = slugify(watch('name') ?? '');

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { name: values.name, slug: values.slug || null, is_internal: values.is_internal ?? false },
      saveCallbacks(setError, ['name', 'slug', 'is_internal'], (client) =>
        closeWithToast(onOpenChange, `${client.name} was created`),
      ),
    ),
  );

  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title="Create Client"
      description="Add a company the studio works for, or the studio itself."
      onSubmit={onSubmit}
      saveDisabled={!isValid}
      saving={create.isPending}
      rootError={errors.root?.message}
    >
      <Field label="Name" htmlFor={`${id}-name`} error={errors.name?.message}>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          invalid={Boolean(errors.name)}
          {...register('name')}
        />
      </Field>
      <Field
        label="Slug"
        htmlFor={`${id}-slug`}
        hint="Names the client in web addresses and never changes. Leave it blank to make it from the name."
        error={errors.slug?.message}
      >
        <Input
          id={`${id}-slug`}
          autoComplete="off"
          placeholder={derived || 'acme'}
          invalid={Boolean(errors.slug)}
          {...register('slug')}
        />
      </Field>
      <InternalCheckbox id={`${id}-internal`} field={register('is_internal')} />
    </ResourceForm>
  );
};

const UpdateClientDrawer = ({
  open,
  onOpenChange,
  client,
}: ClientDrawerProps & { client: Client }) => {
  const id = useId();
  const navigate = useNavigate();
  const update = useUpdateClient(client.slug);
  const remove = useDeleteClient(client.slug);
  const confirmation = useDeleteConfirmation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid },
  } = useClientForm({ name: client.name, is_internal: client.is_internal });

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { name: values.name, is_internal: values.is_internal ?? false },
      saveCallbacks(setError, ['name', 'is_internal'], () =>
        closeWithToast(onOpenChange, 'The client was updated'),
      ),
    ),
  );

  const onDelete = () =>
    remove.mutate(
      undefined,
      confirmation.callbacks(() => {
        closeWithToast(onOpenChange, `${client.name} was deleted`);
        void navigate('/clients', { replace: true });
      }),
    );

  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title="Update Client"
      description={`Change how ${client.name} is named and shown.`}
      onSubmit={onSubmit}
      saveDisabled={!isValid}
      saving={update.isPending}
      rootError={errors.root?.message}
      deletion={{
        label: 'Delete client',
        confirmation,
        title: 'Delete client',
        message: `Are you sure you want to delete ${client.name}? A client that still has projects cannot be deleted.`,
        confirmLabel: 'Delete',
        pending: remove.isPending,
        onConfirm: onDelete,
      }}
    >
      <Field label="Name" htmlFor={`${id}-name`} error={errors.name?.message}>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          invalid={Boolean(errors.name)}
          {...register('name')}
        />
      </Field>
      <Field label="Slug" htmlFor={`${id}-slug`} hint="The slug never changes.">
        <Input id={`${id}-slug`} value={client.slug} readOnly disabled />
      </Field>
      <InternalCheckbox id={`${id}-internal`} field={register('is_internal')} />
    </ResourceForm>
  );
};
