// The feedback widget's payload (Send Feedback, tagged with recordId, homeID, homeRID and address),
// checked by the form and by `POST /api/feedback` alike.

import { z } from './zod.js';

const FEEDBACK_MESSAGE_MAX = 5000;

const optionalTag = (max: number) =>
  z.pipe(
    z.nullish(
      z.union([
        z.string().check(z.trim(), z.maxLength(max)),
        z.pipe(z.number(), z.transform(String)),
      ]),
    ),
    z.transform((v) => (v === undefined || v === null || v === '' ? null : v)),
  );

export const feedbackInputSchema = z.strictObject({
  message: z
    .string({ error: 'Please write a message' })
    .check(
      z.trim(),
      z.minLength(1, 'Please write a message'),
      z.maxLength(
        FEEDBACK_MESSAGE_MAX,
        `The message is too long (at most ${FEEDBACK_MESSAGE_MAX} characters)`,
      ),
    ),
  recordId: optionalTag(200),
  homeID: optionalTag(200),
  homeRID: optionalTag(200),
  address: optionalTag(500),
  page: optionalTag(2000),
});

/** Stored feedback as `POST` answers it and `GET /api/feedback` (admins) lists it. */
export const feedbackSchema = z.object({
  id: z.string(),
  message: z.string(),
  recordId: z.nullable(z.string()),
  homeID: z.nullable(z.string()),
  homeRID: z.nullable(z.string()),
  address: z.nullable(z.string()),
  page: z.nullable(z.string()),
  userId: z.string(),
  userEmail: z.string(),
  userAgent: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** `GET /api/feedback` (admins): the stored feedback, newest first. */
export const feedbackListSchema = z.object({ feedback: z.array(feedbackSchema) });
