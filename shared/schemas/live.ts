// The live-update procedures' inputs (server/routers/live.ts); the topics and limits are in shared/live.ts.
import { z } from 'zod';

/** The stream's input: the last event id a window saw (tRPC fills it in when it reconnects). */
export const liveEventsInput = z
  .object({
    lastEventId: z
      .string()
      .regex(/^\d{1,15}$/)
      .nullish(),
  })
  .optional();

/** A typing indicator: which conversation (an opaque key of the area, such as "thread:12"). */
export const liveTypingInput = z.object({
  channel: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z][a-z0-9-]*:[A-Za-z0-9_-]{1,64}$/),
  /** Staff only: the client company whose portal users may see it; null or absent: staff only. */
  companyId: z.number().int().positive().nullish(),
});
