/** Messages of the exit slip's printing. */
export const PRINT_MSG = {
  noContent: "Le contenu à imprimer est introuvable : le bon de sortie n'a pas pu être chargé.",
  noWindow: "La fenêtre d'impression n'a pas pu s'ouvrir : autorisez les fenêtres surgissantes pour ce site.",
} as const;
/** The print dialog opens this long after the slip (800 ms, once the PDF has rendered). */
export const PRINT_DELAY_MS = 800;

/**
 * Opens the exit slip in a new window and, 800 ms later, its print dialog. The window is opened
 * before the PDF arrives (a window opened after an await is blocked as a pop-up); the alerts are
 * the spec's when the content or the window is missing.
 */
export async function printSlip(load: () => Promise<Blob>, win: Pick<Window, 'open' | 'alert'> = window): Promise<void> {
  const w = win.open('', '_blank');
  if (!w) {
    win.alert(PRINT_MSG.noWindow);
    return;
  }
  let blob: Blob | null = null;
  try {
    blob = await load();
  } catch {
    blob = null;
  }
  if (!blob || blob.size === 0) {
    w.close();
    win.alert(PRINT_MSG.noContent);
    return;
  }
  const url = URL.createObjectURL(blob);
  w.location.href = url;
  setTimeout(() => {
    try {
      w.focus();
      w.print();
    } catch {
      // A closed window has nothing left to print.
    }
  }, PRINT_DELAY_MS);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
