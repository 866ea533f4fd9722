import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Plus } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/layout/form-error';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { applyFormErrors } from '../../../lib/errors';
import { useClients } from '../../clients/api/clients';
import { useCreateCanvas } from '../api/canvases';
import { canvasPath } from './canvas-list';

type FormValues = { name: string; client_id: string };
const FIELDS = ['name', 'client_id'] as const;

/**
 * The create form of spec §2 "Modeling": a name and a client from the full client list. Spec §5:
 * without both, Create does nothing and says nothing. A created canvas opens in the editor, which
 * is what one creates it for; it is in the list on the way back (decision 0014).
 */
export const CanvasCreateForm = () => {
  const id = useId();
  const navigate = useNavigate();
  const clients = useClients();
  const create = useCreateCanvas();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: { name: '', client_id: '' } });

  const onSubmit = handleSubmit(({ name, client_id }) => {
    if (create.isPending || !name.trim() || !client_id) return;
    create.mutate(
      { name, client_id: Number(client_id) },
      {
        onSuccess: (canvas) => void navigate(canvasPath(canvas.id)),
        onError: (error) => applyFormErrors(error, setError, FIELDS),
      },
    );
  });

  const noClients = clients.isSuccess && clients.data.length === 0;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Create a canvas"
      className="flex flex-col gap-3"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <Field label="Canvas Name" htmlFor={`${id}-name`} error={errors.name?.message}>
          <Input
            id={`${id}-name`}
            placeholder="New canvas"
            autoComplete="off"
            invalid={Boolean(errors.name)}
            {...register('name')}
          />
        </Field>
        <Field
          label="Client"
          htmlFor={`${id}-client`}
          error={
            errors.client_id?.message ??
            (clients.isError ? 'Could not load the clients.' : undefined)
          }
        >
          <NativeSelect
            id={`${id}-client`}
            invalid={Boolean(errors.client_id) || clients.isError}
            disabled={!clients.isSuccess}
            {...register('client_id')}
          >
            <option value="">
              {clients.isPending
                ? 'Loading clients…'
                : noClients
                  ? 'No clients yet'
                  : 'Choose a client'}
            </option>
            {clients.data?.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="submit" loading={create.isPending} className="sm:mt-[1.625rem]">
          <Plus aria-hidden />
          Create
        </Button>
      </div>
      {clients.isError && (
        <Button
          variant="link"
          size="sm"
          className="self-start"
          onClick={() => void clients.refetch()}
        >
          Try loading the clients again
        </Button>
      )}
      {noClients && (
        <p className="text-sm text-slate-500">
          A canvas belongs to a client.{' '}
          <Link to="/clients" className="font-medium text-brand-700 hover:underline">
            Add a client
          </Link>{' '}
          first.
        </p>
      )}
      <FormError message={errors.root?.message} />
    </form>
  );
};
