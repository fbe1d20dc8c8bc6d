// A closing walk's PDF: open, download, and share it (Web Share where the browser has it),
// from the device's copy before it syncs (and after, on the device that made it), else
// fetched from the server with the user's token.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Download from '@mui/icons-material/Download';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Share from '@mui/icons-material/Share';
import { apiClient } from '../../api/client';
import type { FieldRecord } from '../../data/records';
import { textOf } from '../../data/records';
import { pdfFileIdOf } from '../../data/walks';
import { useOfflineEngine } from '../../offline/react';
import { downloadFile } from '../../ui/download-file';
import { errorText } from '../../ui/error-text';
import { canShareFiles, shareFile } from '../../ui/share-file';
import { toast } from '../../lib/toast';

import { TAP } from '../../ui/touch';

/** The PDF's file name: the walk's home and date. */
export function walkPdfName(walk: FieldRecord, homeNumber: string): string {
  const date = textOf(walk, 'date').slice(0, 10) || 'undated';
  const type = textOf(walk, 'type') || 'walk';
  return `closing-walk-${type}-${homeNumber || 'home'}-${date}.pdf`;
}

function useWalkPdf(walk: FieldRecord) {
  const engine = useOfflineEngine();
  const pdfUrl = textOf(walk, 'pdfUrl');
  return async (): Promise<File> => {
    const fileId = pdfFileIdOf(pdfUrl);
    const name = pdfUrl.split('/').slice(-2, -1)[0] ?? 'walk';
    if (fileId !== undefined) {
      const kept = await engine.files.get(fileId).catch(() => undefined);
      if (kept !== undefined) {
        const blob = await engine.files.read(fileId);
        return new File([blob], kept.name, { type: 'application/pdf' });
      }
    }
    const blob = await apiClient.getBlob(pdfUrl);
    return new File([blob], `closing-walk-${name}.pdf`, { type: 'application/pdf' });
  };
}

function save(file: File): void {
  downloadFile(file, file.name);
}

export function WalkPdfActions(props: { walk: FieldRecord; compact?: boolean }) {
  const { t } = useTranslation();
  const load = useWalkPdf(props.walk);
  const [busy, setBusy] = useState(false);
  if (textOf(props.walk, 'pdfUrl') === '') return null;
  const run = async (action: (file: File) => Promise<void> | void) => {
    setBusy(true);
    try {
      await action(await load());
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast(t('walkForm.pdfUnavailable', { message: errorText(error) }), 'error');
    } finally {
      setBusy(false);
    }
  };
  const canShare = canShareFiles();
  const size = props.compact === true ? 'small' : 'medium';
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="walk-pdf-actions">
      <Button
        size={size}
        sx={TAP}
        startIcon={<OpenInNew />}
        disabled={busy}
        onClick={() =>
          void run((file) => {
            const url = URL.createObjectURL(file);
            const opened = window.open(url, '_blank', 'noopener');
            if (opened === null) save(file);
            setTimeout(() => URL.revokeObjectURL(url), 60_000);
          })
        }
      >
        {t('walkForm.openPdf')}
      </Button>
      <Button
        size={size}
        sx={TAP}
        startIcon={<Download />}
        disabled={busy}
        onClick={() => void run(save)}
      >
        {t('walkForm.downloadPdf')}
      </Button>
      {canShare && (
        <Button
          size={size}
          sx={TAP}
          startIcon={<Share />}
          disabled={busy}
          onClick={() => void run(shareFile)}
        >
          {t('walkForm.sharePdf')}
        </Button>
      )}
    </Stack>
  );
}
