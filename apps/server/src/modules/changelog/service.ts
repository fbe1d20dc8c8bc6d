// The changelog / release roadmap: the issues of a code-host repository (all states, 100
// a page, every page by the Link header), cached in the database so the copy outlives a
// restart and every server process shares it, refreshed when older than the configured
// interval, and answered grouped by state and milestone.

import { Octokit } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ChangelogAnswer, ChangelogIssue } from '@field/domain';
import { APP_VERSION, changelogIssueSchema } from '@field/domain';
import type { ChangelogConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';

const PagingOctokit = Octokit.plugin(paginateRest);
const FETCH_TIMEOUT_MS = 30_000;
const BODY_LIMIT = 2000;

const CHANGELOG_MESSAGES = {
  // Every user reads it: what to do about it (CHANGELOG_REPOSITORY) is the operator's.
  notConfigured: 'The release roadmap is not set up on this server yet.',
  stale: 'The release roadmap could not be refreshed from the code host; showing the copy saved',
  unavailable:
    'The release roadmap could not be loaded from the code host. Please try again later.',
} as const;

const milestoneSchema = z.looseObject({
  number: z.number(),
  title: z.string(),
  state: z.string(),
  description: z.string().nullish(),
  due_on: z.string().nullish(),
  html_url: z.string().optional(),
});

const labelSchema = z.union([
  z.string(),
  z.looseObject({ name: z.string().nullish(), color: z.string().nullish() }),
]);

/** One item of the code host's issue list, as far as the changelog reads it. */
const hostIssueSchema = z.looseObject({
  number: z.number(),
  title: z.string(),
  state: z.string(),
  html_url: z.string(),
  body: z.string().nullish(),
  labels: z.array(labelSchema).default([]),
  milestone: milestoneSchema.nullish(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullish(),
  pull_request: z.unknown().optional(),
  user: z.looseObject({ login: z.string() }).nullish(),
});

type ChangelogMilestone = NonNullable<ChangelogIssue['milestone']>;
export type StateGroup = ChangelogAnswer['groups'][number];
type MilestoneGroup = StateGroup['milestones'][number];
export type ChangelogStatus = ChangelogAnswer['status'];

const storedSchema = z.array(changelogIssueSchema);

/** Turns one item of the host's list into ours; undefined for pull requests. */
export function toChangelogIssue(item: unknown): ChangelogIssue | undefined {
  const parsed = hostIssueSchema.safeParse(item);
  if (!parsed.success || parsed.data.pull_request !== undefined) return undefined;
  const issue = parsed.data;
  const milestone = issue.milestone ?? null;
  const body = issue.body ?? null;
  return {
    number: issue.number,
    title: issue.title,
    state: issue.state === 'closed' ? 'closed' : 'open',
    url: issue.html_url,
    body: body === null || body.length <= BODY_LIMIT ? body : `${body.slice(0, BODY_LIMIT)}…`,
    labels: issue.labels.flatMap((label) => {
      if (typeof label === 'string') return [{ name: label, color: null }];
      return label.name === undefined || label.name === null
        ? []
        : [{ name: label.name, color: label.color ?? null }];
    }),
    milestone:
      milestone === null
        ? null
        : {
            number: milestone.number,
            title: milestone.title,
            state: milestone.state,
            description: milestone.description ?? null,
            dueOn: milestone.due_on ?? null,
            url: milestone.html_url ?? null,
          },
    author: issue.user?.login ?? null,
    createdAt: issue.created_at,
    updatedAt: issue.updated_at,
    closedAt: issue.closed_at ?? null,
  };
}

function compareMilestones(a: ChangelogMilestone | null, b: ChangelogMilestone | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (a.dueOn !== b.dueOn) {
    if (a.dueOn === null) return 1;
    if (b.dueOn === null) return -1;
    return a.dueOn < b.dueOn ? -1 : 1;
  }
  return a.title.localeCompare(b.title) || a.number - b.number;
}

/**
 * Open issues first, then closed; within a state one group per milestone (earliest due
 * date first, no milestone last); open issues newest first, closed ones last closed first.
 */
export function groupIssues(issues: readonly ChangelogIssue[]): StateGroup[] {
  return (['open', 'closed'] as const).map((state) => {
    const mine = issues.filter((i) => i.state === state);
    const byMilestone = new Map<number | null, MilestoneGroup>();
    for (const issue of mine) {
      const key = issue.milestone?.number ?? null;
      let group = byMilestone.get(key);
      if (group === undefined) {
        group = { milestone: issue.milestone, issues: [] };
        byMilestone.set(key, group);
      }
      group.issues.push(issue);
    }
    const milestones = [...byMilestone.values()].sort((a, b) =>
      compareMilestones(a.milestone, b.milestone),
    );
    for (const group of milestones) {
      group.issues.sort((a, b) =>
        state === 'open'
          ? b.number - a.number
          : (b.closedAt ?? '').localeCompare(a.closedAt ?? '') || b.number - a.number,
      );
    }
    return { state, count: mine.length, milestones };
  });
}

export class ChangelogService {
  /** One refresh at a time in this process; other processes may refresh too, harmlessly. */
  private refreshing: Promise<{ issues: ChangelogIssue[]; fetchedAt: string }> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: ChangelogConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async answer(): Promise<ChangelogAnswer> {
    const repository = this.config.repository;
    if (repository === undefined) {
      return {
        repository: null,
        status: 'not_configured',
        fetchedAt: null,
        message: CHANGELOG_MESSAGES.notConfigured,
        total: 0,
        groups: [],
      };
    }
    const cached = await this.cached(repository);
    const age = cached === undefined ? Infinity : Date.now() - Date.parse(cached.fetchedAt);
    if (cached !== undefined && age < this.config.refreshSeconds * 1000) {
      return this.present(repository, 'fresh', cached);
    }
    try {
      this.refreshing ??= this.refresh(repository).finally(() => {
        this.refreshing = undefined;
      });
      return this.present(repository, 'fresh', await this.refreshing);
    } catch (err) {
      this.log.warn({ err, repository }, 'refreshing the changelog failed');
      if (cached === undefined) {
        return {
          repository,
          status: 'unavailable',
          fetchedAt: null,
          message: CHANGELOG_MESSAGES.unavailable,
          total: 0,
          groups: [],
        };
      }
      return this.present(
        repository,
        'stale',
        cached,
        `${CHANGELOG_MESSAGES.stale} ${cached.fetchedAt}.`,
      );
    }
  }

  private present(
    repository: string,
    status: ChangelogStatus,
    copy: { issues: ChangelogIssue[]; fetchedAt: string },
    message?: string,
  ): ChangelogAnswer {
    return {
      repository,
      status,
      fetchedAt: copy.fetchedAt,
      ...(message === undefined ? {} : { message }),
      total: copy.issues.length,
      groups: groupIssues(copy.issues),
    };
  }

  private async cached(
    repository: string,
  ): Promise<{ issues: ChangelogIssue[]; fetchedAt: string } | undefined> {
    const row = await this.db
      .selectFrom('changelog_cache')
      .selectAll()
      .where('repository', '=', repository)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const issues = storedSchema.safeParse(JSON.parse(row.issues));
    if (!issues.success) return undefined;
    return { issues: issues.data, fetchedAt: row.fetched_at };
  }

  /** Reads every page of the repository's issues and stores them. */
  private async refresh(
    repository: string,
  ): Promise<{ issues: ChangelogIssue[]; fetchedAt: string }> {
    const [owner = '', repo = ''] = repository.split('/');
    const octokit = new PagingOctokit({
      baseUrl: this.config.apiUrl,
      userAgent: `field-app/${APP_VERSION}`,
      // One deadline for every page of this refresh.
      request: { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) },
      ...(this.config.token === undefined ? {} : { auth: this.config.token }),
      log: {
        debug: () => undefined,
        info: () => undefined,
        warn: (message: string) => this.log.warn(message),
        error: (message: string) => this.log.error(message),
      },
    });
    const items: unknown[] = await octokit.paginate('GET /repos/{owner}/{repo}/issues', {
      owner,
      repo,
      state: 'all',
      per_page: 100,
    });
    const issues = items.flatMap((item) => toChangelogIssue(item) ?? []);
    const fetchedAt = new Date().toISOString();
    const data = JSON.stringify(issues);
    await this.db
      .insertInto('changelog_cache')
      .values({ repository, issues: data, fetched_at: fetchedAt })
      .onConflict((oc) =>
        oc.column('repository').doUpdateSet({ issues: data, fetched_at: fetchedAt }),
      )
      .execute();
    return { issues, fetchedAt };
  }
}
