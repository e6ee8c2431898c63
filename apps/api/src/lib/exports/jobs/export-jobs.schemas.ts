import { exportJobStarted, exportJobStatus } from '@app/domain';
import { z } from 'zod';
import { errorReply, fileReply, okReply } from '../../replies';

/** `job=1` on a list's export: run it in the background (202) rather than stream it (200). */
export const exportJobParam = { job: z.literal('1').optional().meta({ description: 'Export en tâche de fond (202, suivi sur export-jobs/{id})' }) };

const example = { id: '0b9d4a3e-6f0c-4d7b-9a51-3c2e8f1d7a64', total: 40000 };
export const exportJobStartedReply = okReply(exportJobStarted).meta({ example: { success: true, data: example } });
export const exportJobStatusReply = okReply(exportJobStatus).meta({
  example: {
    success: true,
    data: { ...example, state: 'running', format: 'xlsx', fileName: 'clients', written: 12345, error: null, createdAt: '2026-11-27T08:00:00.000Z' },
  },
});

const tooManyReply = errorReply.meta({
  description:
    "Avec job=1 : l'utilisateur a déjà EXPORT_JOBS_PER_USER exports en cours (tous nœuds), ou ce nœud en écrit EXPORT_JOBS_PER_NODE ; rien n'est lancé",
});

/** The replies of an export route: the file (200), the started job (202, with `job=1`), or too many running (429). */
export const exportReplies = (types: Record<string, string>) => ({ 200: fileReply(types), 202: exportJobStartedReply, 429: tooManyReply });
