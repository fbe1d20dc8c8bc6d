// The data backup's controls (docs/offline.md, Data backup): export the signed-in user's unsent
// writes and drafts as a JSON file, and import such a file again, with the result said in words and
// a progress bar while it runs. On the Mutation Queue view, and behind the "Back up" action of the
// storage and health warnings (backupNow).

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import { MESSAGES } from '@field/domain';
import { backupFileName, exportBackup, importBackup } from '../offline/backup';
import type { OfflineEngine } from '../offline/engine';
import { useOfflineEngine } from '../offline/engine-context';
import { sessionUserId } from '../offline/session-user';
import { downloadFile } from './download-file';
import { errorText } from './error-text';

export interface BackupCounts {
  mutations: number;
  drafts: number;
}

type SaveFile = (blob: Blob, name: string) => void;

/** Exports the signed-in user's unsent writes and drafts and offers the file; answers the counts. */
export async function backupNow(
  engine: Pick<OfflineEngine, 'db'>,
  saveFile: SaveFile = downloadFile,
): Promise<BackupCounts> {
  const blob = await exportBackup(engine.db, new Date(), { user: sessionUserId() });
  // Safe: exportBackup writes these two arrays.
  const parsed = JSON.parse(await blob.text()) as { mutations: unknown[]; drafts: unknown[] };
  saveFile(blob, backupFileName());
  return { mutations: parsed.mutations.length, drafts: parsed.drafts.length };
}

type Result = { severity: 'success' | 'error'; text: string };

export function BackupControls(props: { saveFile?: SaveFile }) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const picker = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  async function exportNow(): Promise<void> {
    setBusy('export');
    setResult(null);
    try {
      const counts = await backupNow(engine, props.saveFile);
      setResult({ severity: 'success', text: t('backup.exported', { ...counts }) });
    } catch {
      setResult({ severity: 'error', text: MESSAGES.backupFailed });
    } finally {
      setBusy(null);
    }
  }

  async function importFile(file: File): Promise<void> {
    setBusy('import');
    setResult(null);
    try {
      const counts = await importBackup(engine.db, await file.text());
      engine.queue.kick();
      setResult({ severity: 'success', text: t('backup.imported', { ...counts }) });
    } catch (error) {
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
      setResult({
        severity: 'error',
        text: t('backup.importFailed', { message: errorText(cause) }),
      });
    } finally {
      setBusy(null);
      if (picker.current !== null) picker.current.value = '';
    }
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="backup-title"
      sx={{ p: 2 }}
      data-testid="backup-controls"
    >
      <Stack spacing={1.5}>
        <Typography id="backup-title" component="h2" variant="subtitle1" sx={{ fontWeight: 650 }}>
          {t('backup.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('backup.explain')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="outlined"
            startIcon={<FileDownload />}
            sx={{ minHeight: 44 }}
            disabled={busy !== null}
            onClick={() => void exportNow()}
          >
            {t('backup.export')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileUpload />}
            sx={{ minHeight: 44 }}
            disabled={busy !== null}
            onClick={() => picker.current?.click()}
          >
            {t('backup.import')}
          </Button>
          <input
            ref={picker}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="backup-file"
            aria-label={t('backup.import')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file !== undefined) void importFile(file);
            }}
          />
        </Stack>
        {busy !== null && (
          <LinearProgress
            aria-label={t(busy === 'export' ? 'backup.exporting' : 'backup.importing')}
          />
        )}
        {result !== null && (
          <Alert severity={result.severity} role={result.severity === 'error' ? 'alert' : 'status'}>
            {result.text}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
