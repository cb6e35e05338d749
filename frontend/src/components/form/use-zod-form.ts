import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type * as z from 'zod';

/**
 * A react-hook-form form checked by a shared zod schema, with the spec's timing (section 5):
 * validated on submit, then again on every change.
 */
export function useZodForm<TInput extends FieldValues, TOutput = TInput>(schema: z.ZodType<TOutput, TInput>, defaultValues: DefaultValues<TInput>) {
  return useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
}
