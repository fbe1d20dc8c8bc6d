// "Lists to send" on an item list: the punch list PDF of the items shown (made on the
// device in the PDF worker, offline), downloaded or shared as the walk PDF is, and the
// same items as a spreadsheet (CSV).

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import IosShare from '@mui/icons-material/IosShare';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import type { PunchItem } from '../../../data/punch-items';
import { csvBlob } from '../../../lib/csv';
import { makePunchListPdf } from '../../../lib/pdf/make-pdf';
import { persistentToast } from '../../../lib/toast';
import { useOfflineEngine } from '../../../offline/react';
import { downloadFile } from '../../../ui/download-file';
import { pdfErrorText } from '../../../ui/error-text';
import { canShareFiles, shareFile } from '../../../ui/share-file';
import { TAP } from '../../../ui/touch';
import type { ExportLookups, ListSubject } from './item-list-export';
import { MAX_PDF_ITEMS, itemRows, listFileName, punchListInput } from './item-list-export';

export function ListExport(props: {
  /** The items as the list shows them; undefined while read. */
  items: readonly PunchItem[] | undefined;
  subject: ListSubject;
  lookups: ExportLookups;
}) {
  const { t } = useTranslation();
  const engine = useOfflineEngine();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const items = props.items ?? [];
  const pdfAllowed = items.length > 0 && items.length <= MAX_PDF_ITEMS;

  const pdf = async (send: (file: File) => Promise<void> | void): Promise<void> => {
    setAnchor(null);
    setBusy(true);
    try {
      const input = await punchListInput(engine, {
        items,
        subject: props.subject,
        lookups: props.lookups,
        t,
      });
      const blob = await makePunchListPdf(input);
      const name = listFileName(props.subject, props.lookups.today, 'pdf');
      await send(new File([blob], name, { type: 'application/pdf' }));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Stays until closed: the user may have looked away while the list was being made.
      persistentToast(t('lists.failed', { message: pdfErrorText(t, error) }));
    } finally {
      setBusy(false);
    }
  };
  const csv = (): void => {
    setAnchor(null);
    downloadFile(
      csvBlob(itemRows(items, props.lookups, t)),
      listFileName(props.subject, props.lookups.today, 'csv'),
    );
  };

  return (
    <>
      <Button
        sx={{ ...TAP, whiteSpace: 'nowrap', flexShrink: 0 }}
        startIcon={busy ? <CircularProgress size={18} /> : <IosShare />}
        disabled={busy || props.items === undefined}
        aria-haspopup="menu"
        aria-label={t('lists.exportLabel')}
        aria-expanded={anchor !== null}
        data-testid="list-export"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? t('lists.making') : t('lists.export')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          disabled={!pdfAllowed}
          onClick={() =>
            void pdf((file) => {
              downloadFile(file, file.name);
            })
          }
        >
          <ListItemIcon>
            <PictureAsPdfOutlined />
          </ListItemIcon>
          <ListItemText
            primary={t('lists.downloadPdf')}
            secondary={
              items.length === 0
                ? t('lists.nothing')
                : items.length > MAX_PDF_ITEMS
                  ? t('lists.tooMany', { max: MAX_PDF_ITEMS })
                  : undefined
            }
          />
        </MenuItem>
        {canShareFiles() && (
          <MenuItem disabled={!pdfAllowed} onClick={() => void pdf(shareFile)}>
            <ListItemIcon>
              <IosShare />
            </ListItemIcon>
            <ListItemText primary={t('lists.sharePdf')} />
          </MenuItem>
        )}
        <MenuItem disabled={items.length === 0} onClick={csv}>
          <ListItemIcon>
            <TableChartOutlined />
          </ListItemIcon>
          <ListItemText primary={t('lists.downloadCsv')} />
        </MenuItem>
      </Menu>
    </>
  );
}
