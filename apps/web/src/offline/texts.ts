// Texts of the engine the specification does not give (circuit breaker recovered, sync syncing and
// success, data backup): ours to write, short and plain. The spec's own texts come from the domain
// catalogue (MESSAGES); these few belong in the English translation file once the shell loads it.

export const ENGINE_TEXTS = {
  syncing: 'Syncing your changes…',
  syncSucceeded: 'All changes are synchronized.',
  databaseUnavailable:
    'The app cannot open its storage on this device. Reload the app; until then, changes may not be kept offline.',
  stuckWritesRecovered: (count: number): string =>
    count === 1
      ? '1 change stopped while it was being sent. It is back in the queue and will be sent again.'
      : `${count} changes stopped while they were being sent. They are back in the queue and will be sent again.`,
} as const;
