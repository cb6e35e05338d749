import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type * as z from 'zod';

type Schema<TOutput, TInput> = z.ZodType<TOutput, TInput>;

/**
 * A form's schema, or a function that loads it. A page on the app's first load (the sign-in pages)
 * passes a loader (`() => import(…).then((m) => m.schema)`): zod then arrives after the page is
 * shown, not before it (issue 31: zod was 28 KB of the 235 KB first load).
 */
export type SchemaSource<TOutput, TInput> = Schema<TOutput, TInput> | (() => Promise<Schema<TOutput, TInput>>);

/** zod's resolver, loaded on first use: it imports zod's core, which would otherwise ride on every first load. */
const zodResolverModule = () => import('@hookform/resolvers/zod');

const schemaOf = <TOutput, TInput>(source: SchemaSource<TOutput, TInput>) => (typeof source === 'function' ? source() : Promise.resolve(source));

/**
 * A react-hook-form form checked by a shared zod schema, with the spec's timing (section 5):
 * validated on submit, then again on every change. zod's resolver is asynchronous anyway; this one
 * first awaits the schema and the resolver's code, both started as the form mounts, so they are
 * there long before anyone presses Submit.
 */
export function useZodForm<TInput extends FieldValues, TOutput = TInput>(source: SchemaSource<TOutput, TInput>, defaultValues: DefaultValues<TInput>) {
  useEffect(() => {
    // Warm both while the user reads the form; a failure shows (and is retried) at validation.
    void Promise.all([schemaOf(source), zodResolverModule()]).catch(() => undefined);
    // Once per form: the first render's loader stands for the form's schema.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The schema of this render (some depend on props: a payout's limit), as zodResolver(schema) was.
  const resolver: Resolver<TInput, unknown, TOutput> = async (values, context, options) => {
    const [schema, { zodResolver }] = await Promise.all([schemaOf(source), zodResolverModule()]);
    return zodResolver(schema)(values, context, options);
  };
  return useForm<TInput, unknown, TOutput>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
}
