// Access by home on the server (docs/decisions.md, Access by home): the domain's rule
// (home-access.ts) applied to every record a request reaches. A record belongs to a home by
// its `home_rid`, by its parent's (a job's schedules), or is the home itself. Writes and
// reads of one home's records answer 403; lists that span homes leave out the homes the
// caller may not work on, and in testing mode (the client's header, or a demo account) the
// homes that are not test homes.

import type { FastifyRequest } from 'fastify';
import type { HomeAccessMode, HomeViewer } from '@field/domain';
import {
  HOME_TEST_STATUS,
  TESTING_HEADER,
  TESTING_HEADER_ON,
  homeAccessFacts,
  homeRefusal,
  mayWorkOnHome,
  worksOnEveryHome,
} from '@field/domain';
import type { RecordsTable } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import type { Executor, RecordRepository } from './repository.js';

const HOMES = 'homes';

function dataOf(row: RecordsTable): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>; // Safe: stored as a JSON object.
}

/** Whether the request asks for test homes only (testing mode; always for a demo account). */
export function testingOf(request: Pick<FastifyRequest, 'headers'>, user: AuthUser): boolean {
  return user.access.demo || request.headers[TESTING_HEADER] === TESTING_HEADER_ON;
}

export class HomeGate {
  constructor(
    private readonly records: RecordRepository,
    readonly mode: HomeAccessMode,
  ) {}

  viewer(user: AuthUser): HomeViewer {
    return { access: user.access, employeeId: user.row.airtable_id, mode: this.mode };
  }

  /** Whether lists spanning homes hold less for this reader than for an admin. */
  narrows(user: AuthUser, testing: boolean): boolean {
    return testing || !worksOnEveryHome(this.viewer(user));
  }

  /** Whether the user may work on this stored home. */
  mayWork(user: AuthUser, home: RecordsTable): boolean {
    return mayWorkOnHome(this.viewer(user), homeAccessFacts(dataOf(home)));
  }

  /**
   * Of `homeIds`, those the user may work on (test homes only when `testing`); `all` when
   * the user works on every home and no test filter applies, so no home is read.
   */
  async workable(
    executor: Executor,
    user: AuthUser,
    homeIds: Iterable<string>,
    testing = false,
  ): Promise<ReadonlySet<string> | 'all'> {
    if (!testing && worksOnEveryHome(this.viewer(user))) return 'all';
    const homes = await this.records.findMany(executor, HOMES, [...new Set(homeIds)]);
    return new Set(
      homes
        .filter((home) => this.mayWork(user, home))
        .filter((home) => !testing || homeAccessFacts(dataOf(home)).Status === HOME_TEST_STATUS)
        .map((home) => home.id),
    );
  }

  /** The home of each row (null: a row of no home); rows without one take their parent's. */
  private async homesOf(
    executor: Executor,
    rows: readonly RecordsTable[],
  ): Promise<Map<RecordsTable, string | null>> {
    const orphans = rows.filter((row) => row.kind !== HOMES && row.home_rid === null);
    const parentIds = [...new Set(orphans.flatMap((row) => row.parent_id ?? []))];
    const parents = await this.records.homesOfRecords(executor, parentIds);
    return new Map(
      rows.map((row) => [
        row,
        row.kind === HOMES
          ? row.id
          : (row.home_rid ??
            (row.parent_id === null ? null : (parents.get(row.parent_id) ?? null))),
      ]),
    );
  }

  /** The rows on homes the user may work on (test homes only when `testing`). */
  async filter(
    executor: Executor,
    user: AuthUser,
    rows: RecordsTable[],
    testing = false,
  ): Promise<RecordsTable[]> {
    if (rows.length === 0 || (!testing && worksOnEveryHome(this.viewer(user)))) return rows;
    const homes = await this.homesOf(executor, rows);
    const allowed = await this.workable(
      executor,
      user,
      [...homes.values()].flatMap((id) => id ?? []),
      testing,
    );
    return rows.filter((row) => {
      const home = homes.get(row) ?? null;
      return home === null || allowed === 'all' || allowed.has(home);
    });
  }

  /** 403, saying why, unless the user may work on the home `homeRid` (null: no home). */
  async require(executor: Executor, user: AuthUser, homeRid: string | null): Promise<void> {
    if (homeRid === null) return;
    const allowed = await this.workable(executor, user, [homeRid]);
    if (allowed !== 'all' && !allowed.has(homeRid)) {
      throw new AppError(403, homeRefusal(this.viewer(user)));
    }
  }

  /** 403, saying why, unless the user may work on the home of `row`. */
  async requireRow(executor: Executor, user: AuthUser, row: RecordsTable): Promise<void> {
    if (worksOnEveryHome(this.viewer(user))) return;
    const kept = await this.filter(executor, user, [row]);
    if (kept.length === 0) throw new AppError(403, homeRefusal(this.viewer(user)));
  }
}
