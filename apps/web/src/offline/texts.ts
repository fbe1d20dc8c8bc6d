// Texts of the engine the specification leaves to us (spec-clarifications: "Texts the
// spec does not give"). The spec's own texts come from the domain catalogue (MESSAGES);
// these few belong in the English translation file once the shell loads it.

export const ENGINE_TEXTS = {
  circuitRecovered: 'The connection to the server is working again.',
  syncing: 'Syncing your changes…',
  syncSucceeded: 'All changes are synchronized.',
} as const;
