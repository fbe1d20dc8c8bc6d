// File bytes in a local folder under DATA_DIR (the default store); written through a
// temporary file and a rename, so a reader never sees half a file.

import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export class LocalFileStore {
  constructor(private readonly root: string) {}

  /** `segments` were checked by the caller: letters, digits, '.', '_', '-', never '..'. */
  private pathOf(segments: readonly string[]): string {
    return path.join(this.root, ...segments);
  }

  async write(segments: readonly string[], bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(segments);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, target);
  }

  read(segments: readonly string[]): ReadStream {
    return createReadStream(this.pathOf(segments));
  }

  async remove(segments: readonly string[]): Promise<void> {
    await rm(this.pathOf(segments), { force: true });
  }
}
