import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/** How long a field's error waits while typing goes on, so none flashes up mid-word. */
export const ERROR_DELAY_MS = 600;

/**
 * A form validated by its contract schema as it is typed in: `isValid` is always current, so its
 * submit button can stay disabled until the form is valid (spec §5).
 */
export const useLiveForm = <T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
) =>
  useForm<T>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    delayError: ERROR_DELAY_MS,
    defaultValues,
  });
