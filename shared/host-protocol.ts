// Messages of the browser host's WebSocket: the contract's calls and events in JSON frames.
import { z } from 'zod';

export const HOST_SOCKET_PATH = '/till-socket';

export const hostMessageSchema = z
  .object({
    kind: z.literal('call'),
    id: z.number().int().nonnegative(),
    method: z.string().max(100),
    input: z.unknown(),
  })
  .strict();

export const hostFrameSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reply'), id: z.number().int().nullable(), reply: z.unknown() }),
  z.object({ kind: z.literal('event'), event: z.string(), payload: z.unknown() }),
]);
