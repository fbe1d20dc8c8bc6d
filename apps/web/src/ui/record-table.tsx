// A list of records: a table on wide screens, cards on a phone, with the loading, empty
// and error states every list needs.

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { FieldRecord } from '../data/records';
import { OPENED_ROW } from './opened-record';

export interface Column {
  field: string;
  label: string;
  render?: (record: FieldRecord) => ReactNode;
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '✓' : '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value)) {
    const [y, m, d] = value.slice(0, 10).split('-');
    return `${m}/${d}/${y}`;
  }
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return JSON.stringify(value);
}

export interface RecordTableProps {
  label: string;
  columns: Column[];
  records: FieldRecord[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  emptyText: string;
  /** Test ids of the list (table or cards), each row and the empty state. */
  testIds?: { list: string; row: string; empty: string };
  /** Extra attributes of a row (its sync state). */
  rowData?: (record: FieldRecord) => Record<`data-${string}`, string>;
  /** Shown beside the first column: the row's sync state. */
  status?: (record: FieldRecord) => ReactNode;
  /** The row's buttons (edit, delete), in a last column. */
  actions?: (record: FieldRecord) => ReactNode;
  actionsLabel?: string;
}

export function RecordTable({
  label,
  columns,
  records,
  loading,
  error,
  onRetry,
  emptyText,
  testIds,
  rowData,
  status,
  actions,
  actionsLabel,
}: RecordTableProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  if (error !== null) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('records.retry')}
          </Button>
        }
      >
        {t('records.error', { message: error.message })}
      </Alert>
    );
  }
  if (loading || records === undefined) {
    return (
      <Box role="status" aria-label={t('records.loading')}>
        <LinearProgress />
      </Box>
    );
  }
  if (records.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography role="status" data-testid={testIds?.empty}>
          {emptyText}
        </Typography>
      </Paper>
    );
  }
  const list = { label, columns, records, testIds, rowData, status, actions, actionsLabel };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} aria-live="polite">
        {t('records.count', { count: records.length })}
      </Typography>
      {wide ? <RecordRows {...list} /> : <RecordCards {...list} />}
    </Box>
  );
}

/** The records, as shown once loaded: what the table and the cards both draw. */
type RecordListProps = Pick<
  RecordTableProps,
  'label' | 'columns' | 'testIds' | 'rowData' | 'status' | 'actions' | 'actionsLabel'
> & { records: FieldRecord[] };

/** A cell's content; the first column's carries the row's sync state beside it. */
function cellValue(
  record: FieldRecord,
  column: Column,
  index: number,
  status: RecordListProps['status'],
): ReactNode {
  const shown =
    column.render === undefined ? cellText(record[column.field]) : column.render(record);
  if (index > 0 || status === undefined) return shown;
  return (
    <Stack
      direction="row"
      spacing={1}
      component="span"
      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
    >
      <span>{shown}</span>
      {status(record)}
    </Stack>
  );
}

/** Wide screens: a table, a row per record. */
function RecordRows(list: RecordListProps) {
  const { columns, actions } = list;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={list.label} data-testid={list.testIds?.list}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.field} sx={{ fontWeight: 650 }}>
                {column.label}
              </TableCell>
            ))}
            {actions !== undefined && (
              <TableCell sx={{ fontWeight: 650 }} align="right">
                {list.actionsLabel}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {list.records.map((record) => (
            <TableRow
              key={record.id}
              data-record-id={record.id}
              data-testid={list.testIds?.row}
              {...list.rowData?.(record)}
              sx={OPENED_ROW}
            >
              {columns.map((column, index) => (
                <TableCell
                  key={column.field}
                  // `break-word`, not `anywhere`: a long word still breaks, but the columns
                  // are sized to their words, so a date or a value never splits.
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}
                >
                  {cellValue(record, column, index, list.status)}
                </TableCell>
              ))}
              {actions !== undefined && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                  {actions(record)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A phone: a card per record, each column's label beside its value. */
function RecordCards(list: RecordListProps) {
  const { columns, actions } = list;
  return (
    <Stack
      spacing={1}
      component="ul"
      aria-label={list.label}
      data-testid={list.testIds?.list}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {list.records.map((record) => (
        <Card
          component="li"
          variant="outlined"
          key={record.id}
          data-record-id={record.id}
          data-testid={list.testIds?.row}
          {...list.rowData?.(record)}
          sx={OPENED_ROW}
        >
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            {columns.map((column, index) => (
              // On the first line's baseline: a call or mail link is a taller touch target.
              <Box
                key={column.field}
                sx={{ display: 'flex', alignItems: 'baseline', gap: 1, py: 0.25 }}
              >
                {index > 0 && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{ flex: '0 0 38%', overflowWrap: 'break-word' }}
                  >
                    {column.label}
                  </Typography>
                )}
                <Typography
                  component="div"
                  variant={index === 0 ? 'subtitle1' : 'body2'}
                  sx={{
                    fontWeight: index === 0 ? 650 : 400,
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    minWidth: 0,
                  }}
                >
                  {cellValue(record, column, index, list.status)}
                </Typography>
              </Box>
            ))}
            {actions !== undefined && (
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 0.5 }}>
                {actions(record)}
              </Stack>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
