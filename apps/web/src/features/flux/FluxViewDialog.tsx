import { formatDateTime } from '@app/domain';
import { Dialog } from 'primereact/dialog';
import { KeyValues } from '../../components/key-values';
import { useFlux } from './flux.api';

/** A flux, read only: its message as sent, its image, how many clients got it and the first of them. */
export function FluxViewDialog({ id, onHide }: { id: number | null; onHide: () => void }) {
  const flux = useFlux(id);
  const f = flux.data;
  const more = f ? f.RECIPIENTS - f.DESTINATION.length : 0;
  return (
    <Dialog
      visible={id != null}
      onHide={onHide}
      header={f ? f.TITLE : 'Notification'}
      style={{ width: '48rem' }}
      breakpoints={{ '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
    >
      {f && (
        <div className="flux-view">
          <KeyValues
            rows={[
              ['Date', formatDateTime(f.DATE)],
              ['Destinataires', `${f.RECIPIENTS} client${f.RECIPIENTS > 1 ? 's' : ''}`],
              ...(f.ACTIVITIES.length ? [['Activités', f.ACTIVITIES.map((a) => a.NAME).join(', ')] as [string, string]] : []),
            ]}
          />
          {f.MEDIA && <img className="flux-view-image" src={f.MEDIA.original_url} alt={`Image de la notification ${f.TITLE}`} />}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the message was cleaned by the server's allow-list (sanitize-html) when it was sent. */}
          <div className="flux-view-message" dangerouslySetInnerHTML={{ __html: f.MESSAGE }} />
          <h3>Premiers destinataires</h3>
          <ul className="flux-view-recipients">
            {f.DESTINATION.map((d) => (
              <li key={d.CLIENT_ID}>
                <strong>{d.CODE_CLIENT}</strong> {d.NAME}
              </li>
            ))}
            {more > 0 && (
              <li className="muted">
                … et {more} autre{more > 1 ? 's' : ''}
              </li>
            )}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
