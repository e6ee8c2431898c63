import { SYNC_KINDS, SYNC_RESULTS, type SyncResult, type SyncRun } from '@app/domain';
import { z } from 'zod';
import type { JobProgress } from '../../lib/jobs/engine';
import type { syncRuns } from './sync.table';

export const runReply = z.object({
  id: z.number().int(),
  KIND: z.enum(SYNC_KINDS),
  DRY_RUN: z.boolean(),
  RESULT: z.enum(Object.keys(SYNC_RESULTS) as [SyncResult, ...SyncResult[]]),
  USER_EMAIL: z.string().nullable(),
  FILE_NAME: z.string(),
  SHA256: z.string().nullable(),
  STARTED_AT: z.string(),
  DURATION_MS: z.number().int().nullable(),
  TOTAL: z.number().int(),
  INSERTED: z.number().int(),
  UPDATED: z.number().int(),
  UNCHANGED: z.number().int(),
  REJECTED: z.number().int(),
  MESSAGE: z.string().nullable(),
  REJECTIONS: z.array(z.object({ line: z.number().int(), field: z.string(), message: z.string() })),
  PROGRESS: z.object({ done: z.number(), total: z.number(), step: z.string() }).nullable(),
});

export function runDto(r: typeof syncRuns.$inferSelect, progress: JobProgress | null): SyncRun {
  return {
    id: r.id,
    KIND: r.kind as SyncRun['KIND'],
    DRY_RUN: r.dryRun,
    RESULT: r.result as SyncResult,
    USER_EMAIL: r.userEmail,
    FILE_NAME: r.fileName,
    SHA256: r.sha256,
    STARTED_AT: r.startedAt.toISOString(),
    DURATION_MS: r.durationMs,
    TOTAL: r.total,
    INSERTED: r.inserted,
    UPDATED: r.updated,
    UNCHANGED: r.unchanged,
    REJECTED: r.rejected,
    MESSAGE: r.message,
    REJECTIONS: (r.rejections ?? []) as SyncRun['REJECTIONS'],
    PROGRESS: progress,
  };
}
