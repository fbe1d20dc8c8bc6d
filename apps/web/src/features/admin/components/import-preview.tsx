// The preview of an import: how many rows are new, changed, unchanged and invalid (each a
// filter), and a page of rows with their class and why: a table on a wide screen, cards
// on a phone.

import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ImportEntity, ImportStatus } from '@field/domain';
import { IMPORT_FIELDS, IMPORT_STATUSES } from '@field/domain';
import type { ImportPreview } from '../api/imports';
import { PREVIEW_PAGE } from '../api/imports';

type Row = ImportPreview['rows'][number];

const STATUS_COLOR = {
  new: 'success',
  changed: 'info',
  unchanged: 'default',
  invalid: 'error',
} as const satisfies Record<ImportStatus, string>;

function StatusChip({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`import.status.${status}`)} />;
}

/** The row's first fields, as the file gives them: enough to know the row again. */
function summary(entity: ImportEntity, row: Row): string {
  return IMPORT_FIELDS[entity]
    .slice(0, 3)
    .map((field) => row.values[field.name])
    .filter((value) => typeof value === 'string' && value !== '')
    .join(' · ');
}

function RowNote({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (row.status === 'invalid') return <>{row.reasons.join('; ')}</>;
  if (row.status === 'changed')
    return <>{t('import.changes', { fields: row.fields.join(', ') })}</>;
  return null;
}

export function ImportPreviewView(props: {
  entity: ImportEntity;
  preview: ImportPreview;
  status: ImportStatus | undefined;
  page: number;
  onFilter: (status: ImportStatus | undefined) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const { entity, preview, status } = props;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {IMPORT_STATUSES.map((each) => (
          <Chip
            key={each}
            color={STATUS_COLOR[each]}
            variant={status === each ? 'filled' : 'outlined'}
            label={t(`import.count.${each}`, { count: preview.counts[each] })}
            onClick={() => props.onFilter(status === each ? undefined : each)}
            aria-pressed={status === each}
          />
        ))}
      </Stack>
      {preview.rows.length === 0 ? (
        <Typography color="text.secondary">{t('import.noRows')}</Typography>
      ) : wide ? (
        <Paper variant="outlined">
          <Table size="small" aria-label={t('import.preview')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('import.line')}</TableCell>
                <TableCell>{t('import.state')}</TableCell>
                <TableCell>{t('import.row')}</TableCell>
                <TableCell>{t('import.why')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.rows.map((row) => (
                <TableRow key={row.line}>
                  <TableCell>{row.line}</TableCell>
                  <TableCell>
                    <StatusChip status={row.status} />
                  </TableCell>
                  <TableCell>{summary(entity, row)}</TableCell>
                  <TableCell>
                    <RowNote row={row} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {preview.rows.map((row) => (
            <Paper component="li" variant="outlined" key={row.line} sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
                <StatusChip status={row.status} />
                <Typography variant="body2" color="text.secondary">
                  {t('import.lineNumber', { line: row.line })}
                </Typography>
              </Stack>
              <Typography>{summary(entity, row)}</Typography>
              <Typography variant="body2" color="text.secondary">
                <RowNote row={row} />
              </Typography>
            </Paper>
          ))}
        </Stack>
      )}
      <TablePagination
        component="div"
        count={preview.total}
        page={props.page}
        rowsPerPage={PREVIEW_PAGE}
        rowsPerPageOptions={[]}
        onPageChange={(_event, page) => props.onPage(page)}
      />
    </Stack>
  );
}
