// The release roadmap's answer (`GET /api/changelog`): the code host's issues grouped by
// state and milestone, with how fresh the copy is.

import { z } from 'zod';

export const changelogMilestoneSchema = z.object({
  number: z.number(),
  title: z.string(),
  state: z.string(),
  description: z.string().nullable(),
  dueOn: z.string().nullable(),
  url: z.string().nullable(),
});

export const changelogIssueSchema = z.object({
  number: z.number(),
  title: z.string(),
  state: z.enum(['open', 'closed']),
  url: z.string(),
  body: z.string().nullable(),
  labels: z.array(z.object({ name: z.string(), color: z.string().nullable() })),
  milestone: changelogMilestoneSchema.nullable(),
  author: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type ChangelogIssue = z.infer<typeof changelogIssueSchema>;

export const changelogAnswerSchema = z.object({
  repository: z.string().nullable(),
  status: z.enum(['fresh', 'stale', 'unavailable', 'not_configured']),
  fetchedAt: z.string().nullable(),
  message: z.string().optional(),
  total: z.number(),
  groups: z.array(
    z.object({
      state: z.enum(['open', 'closed']),
      count: z.number(),
      milestones: z.array(
        z.object({
          milestone: changelogMilestoneSchema.nullable(),
          issues: z.array(changelogIssueSchema),
        }),
      ),
    }),
  ),
});
export type ChangelogAnswer = z.infer<typeof changelogAnswerSchema>;
