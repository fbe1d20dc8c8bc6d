// The file store of this process, chosen once at start from FILE_STORAGE.

import path from 'node:path';
import type { Config } from '../config.js';
import type { FileStore } from './file-store.js';
import { LocalFileStore } from './local-files.js';
import { S3FileStore } from './s3-files.js';

/** The local store's folder under DATA_DIR (backups copy it: storage/backup.ts). */
export const LOCAL_FILES_FOLDER = 'files';

/** A folder under DATA_DIR by default; an S3 bucket, checked to answer, with FILE_STORAGE=s3. */
export async function openFileStore(
  config: Pick<Config, 'dataDir' | 'fileStorage'>,
): Promise<FileStore> {
  const settings = config.fileStorage;
  switch (settings.kind) {
    case 'local':
      return new LocalFileStore(path.join(config.dataDir, LOCAL_FILES_FOLDER));
    case 's3': {
      const store = new S3FileStore(settings);
      try {
        await store.check();
      } catch (error) {
        await store.close();
        throw error;
      }
      return store;
    }
  }
}
