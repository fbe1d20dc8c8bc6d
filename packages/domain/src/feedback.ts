// The feedback widget's payload (section 2: Send Feedback, tagged with recordId, homeID,
// homeRID and address), checked by the form and by `POST /api/feedback` alike.

import { z } from 'zod';

export const FEEDBACK_MESSAGE_MAX = 5000;

const optionalTag = (max: number) =>
  z
    .union([z.string().trim().max(max), z.number().transform(String)])
    .nullish()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

export const feedbackInputSchema = z
  .object({
    message: z
      .string({ error: 'Please write a message' })
      .trim()
      .min(1, 'Please write a message')
      .max(
        FEEDBACK_MESSAGE_MAX,
        `The message is too long (at most ${FEEDBACK_MESSAGE_MAX} characters)`,
      ),
    recordId: optionalTag(200),
    homeID: optionalTag(200),
    homeRID: optionalTag(200),
    address: optionalTag(500),
    page: optionalTag(2000),
  })
  .strict();
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

/** Stored feedback as `POST` answers it and `GET /api/feedback` (admins) lists it. */
export const feedbackSchema = z.object({
  id: z.string(),
  message: z.string(),
  recordId: z.string().nullable(),
  homeID: z.string().nullable(),
  homeRID: z.string().nullable(),
  address: z.string().nullable(),
  page: z.string().nullable(),
  userId: z.string(),
  userEmail: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** `GET /api/feedback` (admins): the stored feedback, newest first. */
export const feedbackListSchema = z.object({ feedback: z.array(feedbackSchema) });
