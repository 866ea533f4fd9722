import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { ERROR_DELAY_MS } from './error-delay';

export { ERROR_DELAY_MS };

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
