// The release roadmap's answer (`GET /api/changelog`): the code host's issues grouped by
// state and milestone, with how fresh the copy is.

import { z } from './zod.js';

const changelogMilestoneSchema = z.object({
  number: z.number(),
  title: z.string(),
  state: z.string(),
  description: z.nullable(z.string()),
  dueOn: z.nullable(z.string()),
  url: z.nullable(z.string()),
});

export const changelogIssueSchema = z.object({
  number: z.number(),
  title: z.string(),
  state: z.enum(['open', 'closed']),
  url: z.string(),
  body: z.nullable(z.string()),
  labels: z.array(z.object({ name: z.string(), color: z.nullable(z.string()) })),
  milestone: z.nullable(changelogMilestoneSchema),
  author: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.nullable(z.string()),
});
export type ChangelogIssue = z.infer<typeof changelogIssueSchema>;

export const changelogAnswerSchema = z.object({
  repository: z.nullable(z.string()),
  status: z.enum(['fresh', 'stale', 'unavailable', 'not_configured']),
  fetchedAt: z.nullable(z.string()),
  message: z.optional(z.string()),
  total: z.number(),
  groups: z.array(
    z.object({
      state: z.enum(['open', 'closed']),
      count: z.number(),
      milestones: z.array(
        z.object({
          milestone: z.nullable(changelogMilestoneSchema),
          issues: z.array(changelogIssueSchema),
        }),
      ),
    }),
  ),
});
export type ChangelogAnswer = z.infer<typeof changelogAnswerSchema>;
