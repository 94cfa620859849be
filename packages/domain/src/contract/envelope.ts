import { z } from 'zod/mini';
import { text } from './text.ts';

/** `{ Status, Error, Data }`: the envelope of every /api call (spec section 3). */
export const ErrorBodySchema = z.object({
  Message: text(),
  StackTrace: z.null(),
});

export function envelopeOf<T extends z.core.$ZodType>(data: T) {
  return z.object({
    Status: z.literal(0),
    Error: z.null(),
    Data: data,
  });
}

export const FailureEnvelopeSchema = z.object({
  Status: z.literal(1),
  Error: ErrorBodySchema,
  Data: z.null(),
});
export type FailureEnvelope = z.infer<typeof FailureEnvelopeSchema>;

export type Envelope<T> = { Status: 0; Error: null; Data: T };

export function ok<T>(data: T): Envelope<T> {
  return { Status: 0, Error: null, Data: data };
}

export function fail(message: string): FailureEnvelope {
  return { Status: 1, Error: { Message: message, StackTrace: null }, Data: null };
}
