// Test-only: an in-memory stand-in for the Web Locks API (jsdom and Node lack it).

/** The part of the Web Locks API the queue uses: exclusive, `ifAvailable`. */
export function fakeLockManager(): LockManager {
  const held = new Set<string>();
  const request = async (
    name: string,
    options: LockOptions,
    callback: (lock: Lock | null) => Promise<unknown>,
  ): Promise<unknown> => {
    if (held.has(name)) {
      if (options.ifAvailable === true) return callback(null);
      throw new Error('this fake only supports ifAvailable');
    }
    held.add(name);
    try {
      return await callback({ name, mode: 'exclusive' });
    } finally {
      held.delete(name);
    }
  };
  // Safe: the queue only calls request(name, options, callback).
  return { request, query: () => Promise.resolve({}) } as unknown as LockManager;
}
