/** A caught error's text, for a dialog or a toast. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
