import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { clientCreateRequestSchema, type Client } from '@portal/contract/clients';
import { slugify } from '@portal/contract/common';
import { toast } from '../../../lib/toast';
import {
  remountOnOpen,
  ResourceForm,
  saveCallbacks,
  useDeletion,
  useResourceForm,
  type FormFrameProps,
} from '../../../components/forms/resource-form';
import { TextField } from '../../../components/forms/fields';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useCreateClient, useDeleteClient, useUpdateClient } from '../api/clients';

type FormInput = z.input<typeof clientCreateRequestSchema>;
type FormOutput = z.output<typeof clientCreateRequestSchema>;

export type ClientDrawerProps = FormFrameProps & {
  /** Update mode with a client, create mode without one (spec §2). */
  client?: Client;
};

/** The Create/Update Client drawer. */
export const ClientDrawer = remountOnOpen((props: ClientDrawerProps) =>
  props.client ? (
    <UpdateClientDrawer {...props} client={props.client} />
  ) : (
    <CreateClientDrawer {...props} />
  ),
);

/** One form for both modes: the create schema is the update schema plus the optional slug. */
const useClientForm = (defaults: FormInput) =>
  useResourceForm<FormInput, FormOutput>(clientCreateRequestSchema, defaults);

const InternalCheckbox = () => {
  const id = `${useId()}-internal`;
  const { register } = useFormContext<FormInput>();
  return (
    <div className="flex items-start gap-3 rounded-md border border-slate-200 bg-slate-50/60 p-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-600"
        {...register('is_internal')}
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
};

const CreateClientDrawer = ({ open, onOpenChange }: ClientDrawerProps) => {
  const create = useCreateClient();
  const form = useClientForm({ name: '', slug: '', is_internal: false });
  const derived = slugify(form.watch('name') ?? '');

  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title="Create Client"
      description="Add a company the studio works for, or the studio itself."
      form={form}
      onSave={(values, close) =>
        create.mutate(
          {
            name: values.name,
            slug: values.slug || null,
            is_internal: values.is_internal ?? false,
          },
          saveCallbacks(form.setError, ['name', 'slug', 'is_internal'], (client) =>
            close(`${client.name} was created`),
          ),
        )
      }
      saving={create.isPending}
    >
      <TextField name="name" label="Name" />
      <TextField
        name="slug"
        label="Slug"
        hint="Names the client in web addresses and never changes. Leave it blank to make it from the name."
        placeholder={derived || 'acme'}
      />
      <InternalCheckbox />
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
  const deletion = useDeletion(useDeleteClient(client.slug));
  const form = useClientForm({ name: client.name, is_internal: client.is_internal });

  return (
    <ResourceForm
      open={open}
      onOpenChange={onOpenChange}
      title="Update Client"
      description={`Change how ${client.name} is named and shown.`}
      form={form}
      onSave={(values, close) =>
        update.mutate(
          { name: values.name, is_internal: values.is_internal ?? false },
          saveCallbacks(form.setError, ['name', 'is_internal'], () =>
            close('The client was updated'),
          ),
        )
      }
      saving={update.isPending}
      deletion={deletion(
        undefined,
        {
          label: 'Delete client',
          message: `Are you sure you want to delete ${client.name}? A client that still has projects cannot be deleted.`,
          confirmLabel: 'Delete',
        },
        () => {
          // Leaving the page closes the drawer; closing it first would go Back in between.
          toast.success(`${client.name} was deleted`);
          void navigate('/clients', { replace: true });
        },
      )}
    >
      <TextField name="name" label="Name" />
      {/* Shown, never sent: not a form value. */}
      <Field label="Slug" htmlFor={`${id}-slug`} hint="The slug never changes.">
        <Input id={`${id}-slug`} value={client.slug} readOnly disabled />
      </Field>
      <InternalCheckbox />
    </ResourceForm>
  );
};
