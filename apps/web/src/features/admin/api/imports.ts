// The import calls (admin scope; docs/api.md, "Import"): a file's columns and the mapping
// to offer, a page of the preview, and the apply with its progress.

import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ImportEntity, ImportMapping, ImportStatus } from '@field/domain';
import { IMPORT_STATUSES, importMappingSchema, z } from '@field/domain';
import { apiClient } from '../../../api/client';
import { useRefreshCompanyList } from '../../../data/company-lists';

const base = (entity: ImportEntity) => `/api/admin/import/${entity}`;

const columnsSchema = z.object({
  columns: z.array(z.string()),
  rows: z.number(),
  mapping: importMappingSchema,
});

const countsSchema = z.object({
  new: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  invalid: z.number(),
});
export type ImportCounts = z.infer<typeof countsSchema>;

const previewSchema = z.object({
  counts: countsSchema,
  total: z.number(),
  rows: z.array(
    z.object({
      line: z.number(),
      status: z.enum(IMPORT_STATUSES),
      reasons: z.array(z.string()),
      fields: z.array(z.string()),
      values: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type ImportPreview = z.infer<typeof previewSchema>;

/** A chosen file: its text, read once, and a key that tells one file from the next. */
export interface ImportFile {
  name: string;
  text: string;
  key: number;
}

export function useImportColumns() {
  return useMutation({
    mutationFn: ({ entity, file }: { entity: ImportEntity; file: ImportFile }) =>
      apiClient.post(`${base(entity)}/columns`, { text: file.text }, columnsSchema),
  });
}

export const PREVIEW_PAGE = 25;

export function useImportPreview(
  entity: ImportEntity,
  file: ImportFile | undefined,
  mapping: ImportMapping | undefined,
  page: { index: number; status: ImportStatus | undefined },
) {
  return useQuery({
    queryKey: ['admin', 'import', entity, file?.key, mapping, page],
    enabled: file !== undefined && mapping !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: ({ signal }) =>
      apiClient.post(
        `${base(entity)}/preview`,
        {
          text: file?.text,
          mapping,
          offset: page.index * PREVIEW_PAGE,
          limit: PREVIEW_PAGE,
          ...(page.status === undefined ? {} : { status: page.status }),
        },
        previewSchema,
        { signal },
      ),
  });
}

const progressSchema = z.object({ done: z.number(), total: z.number() });
const failedSchema = z.object({ error: z.string() });

/** An apply may take minutes for a large file: its stream is the measure, not a timer. */
const APPLY_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * Applies a file; `onProgress` hears how many of the rows to write are written. It succeeds
 * once the device's copy of the list holds the import, so every screen opened after shows it.
 */
export function useImportApply(onProgress: (done: number, total: number) => void) {
  const refresh = useRefreshCompanyList();
  return useMutation({
    // The import is applied whatever happens here: a list not refreshed refreshes later.
    onSuccess: (_counts, input) => refresh(input.entity).catch(() => undefined),
    mutationFn: async (input: {
      entity: ImportEntity;
      file: ImportFile;
      mapping: ImportMapping;
    }): Promise<ImportCounts> => {
      let outcome: ImportCounts | string | undefined;
      await apiClient.post(
        `${base(input.entity)}/apply`,
        { text: input.file.text, mapping: input.mapping },
        { parse: () => undefined },
        {
          timeoutMs: APPLY_TIMEOUT_MS,
          onEvent: (name, data) => {
            if (name === 'progress') {
              const progress = progressSchema.parse(data);
              onProgress(progress.done, progress.total);
            } else if (name === 'done') outcome = countsSchema.parse(data);
            else if (name === 'failed') outcome = failedSchema.parse(data).error;
          },
        },
      );
      if (outcome === undefined || typeof outcome === 'string') {
        throw new Error(outcome ?? 'The import ended without an answer; check the preview again');
      }
      return outcome;
    },
  });
}
