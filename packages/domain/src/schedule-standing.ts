// Why a home is behind schedule (docs/entities.md, jobs and job schedules): its projected
// close has passed, or one of its jobs or schedule entries, as the field updated them, is
// delayed or overdue. An entry is overdue when its scheduled day has passed without it
// being done (or the office marked it `Late`); a job when its end day has passed without
// it being complete. Done (`Complete`, or a completed day) is not behind, unless the
// status says delayed since.

export type BehindReason =
  | { kind: 'close'; date: string }
  | { kind: 'delayed'; name: string; reason: string }
  | { kind: 'overdue'; name: string; date: string };

/** The fields of a job the standing reads (records from the device or the server). */
type StandingJob = Record<string, unknown> & { id: string };
/** The fields of a schedule entry the standing reads. */
type StandingEntry = Record<string, unknown> & { id: string };

function text(record: Record<string, unknown>, field: string): string {
  const value = record[field];
  return typeof value === 'string' ? value.trim() : '';
}

function dayOf(value: string): string {
  return value.slice(0, 10);
}

/** The day `now` falls on (UTC), as the report compares days. */
export function reportDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a schedule entry is behind on `today`, and why; undefined when it is not. */
export function scheduleEntryBehind(
  entry: Record<string, unknown>,
  today: string,
): BehindReason | undefined {
  const status = text(entry, 'Status');
  const name = text(entry, 'Task');
  // The status is the field's latest word: delayed even where a completed day lingers.
  if (status === 'Delayed') return { kind: 'delayed', name, reason: text(entry, 'Delay Reason') };
  if (status === 'Complete' || text(entry, 'Completed Date') !== '') return undefined;
  const date = dayOf(text(entry, 'Scheduled Date'));
  if (status === 'Late' || (date !== '' && date < today)) return { kind: 'overdue', name, date };
  return undefined;
}

/** Whether a job is behind on `today`, and why; undefined when it is not. */
export function jobBehind(job: Record<string, unknown>, today: string): BehindReason | undefined {
  const status = text(job, 'Status');
  if (status === 'Complete') return undefined;
  const name = text(job, 'Name');
  if (status === 'Delayed') return { kind: 'delayed', name, reason: text(job, 'Delay Reason') };
  const end = dayOf(text(job, 'End Date'));
  if (end !== '' && end < today) return { kind: 'overdue', name, date: end };
  return undefined;
}

/** A home's reasons in the order a reader wants them: delays first, then by day. */
function byUrgency(a: BehindReason, b: BehindReason): number {
  const dayOf = (reason: BehindReason) => ('date' in reason ? reason.date : '');
  return dayOf(a).localeCompare(dayOf(b)) || a.kind.localeCompare(b.kind);
}

/**
 * What puts each home behind through its jobs and their schedule entries, by home id
 * (homes with nothing behind are left out), delays first and then by day. An entry belongs
 * to the home of its job, and is named with it ("Trim · Electrical"): one home's jobs
 * often share their tasks' names.
 */
export function scheduleStanding(
  jobs: readonly StandingJob[],
  entries: readonly StandingEntry[],
  today: string,
): Map<string, BehindReason[]> {
  const jobsById = new Map<string, { homeId: string; name: string }>();
  const standing = new Map<string, BehindReason[]>();
  const add = (homeId: string, reason: BehindReason | undefined) => {
    if (reason === undefined || homeId === '') return;
    const reasons = standing.get(homeId) ?? [];
    reasons.push(reason);
    standing.set(homeId, reasons);
  };
  for (const job of jobs) {
    const homeId = text(job, 'HomeRID');
    jobsById.set(text(job, 'JobRID') || job.id, { homeId, name: text(job, 'Name') });
    add(homeId, jobBehind(job, today));
  }
  for (const entry of entries) {
    const job = jobsById.get(text(entry, 'JobRID'));
    const reason = scheduleEntryBehind(entry, today);
    if (job === undefined || reason === undefined || reason.kind === 'close') continue;
    const named =
      job.name === '' || job.name === reason.name ? reason.name : `${reason.name} · ${job.name}`;
    add(job.homeId, { ...reason, name: named });
  }
  for (const reasons of standing.values()) reasons.sort(byUrgency);
  return standing;
}
