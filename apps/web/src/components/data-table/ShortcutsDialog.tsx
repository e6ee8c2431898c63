import { Dialog } from 'primereact/dialog';
import { shortcutHelp } from './shortcuts';

/** The `?` help: the list's keyboard shortcuts, in French. */
export function ShortcutsDialog({ visible, onHide, canAdd }: { visible: boolean; onHide: () => void; canAdd: boolean }) {
  return (
    <Dialog
      header="Raccourcis clavier"
      visible={visible}
      onHide={onHide}
      draggable={false}
      resizable={false}
      dismissableMask
      className="dt-shortcuts-dialog"
      style={{ width: '30rem' }}
      breakpoints={{ '767px': '95vw' }}
    >
      <dl className="dt-shortcuts">
        {shortcutHelp(canAdd).map((s) => (
          <div key={s.keys}>
            <dt>
              <kbd>{s.keys}</kbd>
            </dt>
            <dd>{s.label}</dd>
          </div>
        ))}
      </dl>
      <p className="dt-shortcuts-note">Les raccourcis ne s’appliquent pas pendant la saisie dans un champ ni quand une fenêtre est ouverte.</p>
    </Dialog>
  );
}
