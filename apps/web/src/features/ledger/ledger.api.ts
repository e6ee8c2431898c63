import type { LedgerReport, Liability } from '@app/domain';
import { api } from '../../lib/api';

/** « Contrôle du registre »: the ledger's invariants, read on demand. */
export const LEDGER_VERIFY_KEY = ['ledger', 'verify'] as const;
export const LEDGER_LIABILITY_KEY = ['ledger', 'liability'] as const;
export const fetchLedgerReport = () => api.get<LedgerReport>('ledger/verify');
export const fetchLiability = () => api.get<Liability>('ledger/liability');
export const downloadLiability = (format: 'csv' | 'xlsx') => api.download(`ledger/liability/export/${format}`);
