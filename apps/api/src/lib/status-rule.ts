import { STATUS_MSG, type StatusSet } from '@app/domain';
import { AppError } from './http';
import { errorReply } from './replies';

/**
 * The one rule of every status workflow: the status a record already has, asked again,
 * is a 409 that changes nothing (no audit row); a move its status set does not allow is a 422 naming
 * STATUS. `allowed` narrows the set's rule where a workflow adds its own (receipt by scan only).
 */
export function checkStatusMove(
  set: StatusSet,
  from: number,
  to: number,
  allowed = set.canMove(from, to),
  notAllowed = STATUS_MSG.notAllowed(set, from, to),
): void {
  if (from === to) throw new AppError(409, STATUS_MSG.already(set, to));
  if (!allowed) throw new AppError(422, notAllowed, { STATUS: [notAllowed] });
}

/** The rule as /api/docs states it on each route that changes a status. */
export const statusMoveReplies = {
  409: errorReply.meta({ description: 'Déjà à ce statut : rien ne change (pas de ligne d’audit)' }),
  422: errorReply.meta({ description: 'Passage de statut non autorisé (ou saisie refusée), erreurs par champ' }),
};
