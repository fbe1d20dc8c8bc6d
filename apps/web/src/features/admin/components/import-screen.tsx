// Administration / Import: choose what the file holds, choose the file, map its columns
// (the last mapping is offered again), check the preview, apply with a progress bar and
// read the result. The rules (fields, keys, classes) are the domain's (imports.ts).

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import type { ImportEntity, ImportMapping, ImportStatus } from '@field/domain';
import { IMPORT_ENTITIES, missingRequired } from '@field/domain';
import type { ImportFile } from '../api/imports';
import { useImportApply, useImportColumns, useImportPreview } from '../api/imports';
import { ImportMappingForm } from './import-mapping';
import { ImportPreviewView } from './import-preview';

function Section(props: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {props.title}
      </Typography>
      {props.children}
    </Paper>
  );
}

/** The import's progress while it writes: a bar, and how many rows of how many once known. */
function ApplyProgress({ progress }: { progress: { done: number; total: number } | undefined }) {
  const { t } = useTranslation();
  const known = progress !== undefined && progress.total > 0;
  return (
    <>
      <LinearProgress
        variant={known ? 'determinate' : 'indeterminate'}
        value={known ? (progress.done / progress.total) * 100 : 0}
        aria-label={t('import.applying')}
      />
      {progress !== undefined && (
        <Typography variant="body2" role="status">
          {t('import.progress', progress)}
        </Typography>
      )}
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const [entity, setEntity] = useState<ImportEntity>('homes');
  const [file, setFile] = useState<ImportFile>();
  const [mapping, setMapping] = useState<ImportMapping>();
  const [page, setPage] = useState<{ index: number; status: ImportStatus | undefined }>({
    index: 0,
    status: undefined,
  });
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const columns = useImportColumns();
  const missing = mapping === undefined ? [] : missingRequired(entity, mapping);
  const preview = useImportPreview(entity, file, missing.length === 0 ? mapping : undefined, page);
  const apply = useImportApply((done, total) => setProgress({ done, total }));

  const start = (next: ImportEntity, chosen: ImportFile | undefined) => {
    setEntity(next);
    setFile(chosen);
    setMapping(undefined);
    setPage({ index: 0, status: undefined });
    setProgress(undefined);
    apply.reset();
    if (chosen === undefined) return;
    columns.mutate(
      { entity: next, file: chosen },
      { onSuccess: (answer) => setMapping(answer.mapping) },
    );
  };

  const choose = async (list: FileList | null) => {
    const chosen = list?.[0];
    if (chosen === undefined) return;
    start(entity, { name: chosen.name, text: await chosen.text(), key: Date.now() });
  };

  const counts = preview.data?.counts;
  const toWrite = counts === undefined ? 0 : counts.new + counts.changed;
  const running = apply.isPending;

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Section title={t('import.fileTitle')}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={entity}
            onChange={(_event, next: ImportEntity | null) => {
              if (next !== null) start(next, file);
            }}
            aria-label={t('import.entity')}
          >
            {IMPORT_ENTITIES.map((each) => (
              <ToggleButton key={each} value={each} disabled={running}>
                {t(`import.entities.${each}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button
            component="label"
            variant="outlined"
            startIcon={<UploadFile />}
            disabled={running}
          >
            {file === undefined ? t('import.chooseFile') : file.name}
            <input
              type="file"
              hidden
              accept=".csv,.txt,text/csv"
              onChange={(event) => void choose(event.target.files)}
            />
          </Button>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('import.fileHelp')}
        </Typography>
        {columns.error !== null && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {columns.error.message}
          </Alert>
        )}
      </Section>

      {file !== undefined && mapping !== undefined && columns.data !== undefined && (
        <Section title={t('import.mappingTitle', { count: columns.data.rows })}>
          <ImportMappingForm
            entity={entity}
            columns={columns.data.columns}
            mapping={mapping}
            onChange={(next) => {
              setMapping(next);
              setPage({ index: 0, status: undefined });
            }}
          />
        </Section>
      )}

      {file !== undefined && missing.length === 0 && mapping !== undefined && (
        <Section title={t('import.preview')}>
          {preview.error !== null && <Alert severity="error">{preview.error.message}</Alert>}
          {preview.data === undefined && preview.error === null && (
            <LinearProgress aria-label={t('app.loading')} />
          )}
          {preview.data !== undefined && (
            <ImportPreviewView
              entity={entity}
              preview={preview.data}
              status={page.status}
              page={page.index}
              onFilter={(status) => setPage({ index: 0, status })}
              onPage={(index) => setPage({ ...page, index })}
            />
          )}
          <Stack spacing={1} sx={{ mt: 2 }}>
            {running && <ApplyProgress progress={progress} />}
            {apply.data !== undefined && (
              <Alert severity="success" role="status">
                {t('import.result', apply.data)}
              </Alert>
            )}
            {apply.error !== null && <Alert severity="error">{apply.error.message}</Alert>}
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              disabled={running || toWrite === 0 || apply.data !== undefined}
              onClick={() => {
                setProgress(undefined);
                apply.mutate(
                  { entity, file, mapping },
                  { onSettled: () => void preview.refetch() },
                );
              }}
            >
              {t('import.apply', { count: toWrite })}
            </Button>
          </Stack>
        </Section>
      )}
    </Stack>
  );
}
