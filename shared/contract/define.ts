import { z } from 'zod';

export interface MethodSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** One line for the docs and for error messages. */
  summary: string;
}

export function method<I extends z.ZodType, O extends z.ZodType>(
  summary: string,
  input: I,
  output: O,
): MethodSpec<I, O> {
  return { summary, input, output };
}

export const noInput = z.object({}).strict();
export const ok = z.object({ ok: z.literal(true) });
