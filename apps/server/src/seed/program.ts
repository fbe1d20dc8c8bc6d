// The command-line entry of a module that can also be imported (by tests): runs `main`
// only when the module is the program Node started, and reports a failure as one line.

import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

function isProgram(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

export function runAsProgram(
  moduleUrl: string,
  main: (args: string[]) => Promise<void>,
  failure: string,
): void {
  if (!isProgram(moduleUrl)) return;
  // npm runs a workspace's script in the workspace's folder (apps/server): paths, DATA_DIR's
  // default among them, are read from where the command was typed, as `npm start` reads them.
  const typedIn = process.env['INIT_CWD'];
  if (typedIn !== undefined) process.chdir(typedIn);
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(`${failure}: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  });
}
