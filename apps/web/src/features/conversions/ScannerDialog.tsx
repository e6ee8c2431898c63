import { GIFT_MSG } from '@app/domain';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { type ConversionKind, type ConversionRow, receiveConversion } from './conversions.api';

type Camera = { stop(): Promise<void>; clear(): void };

/**
 * « Scanner »: the QR code of a shipped gift read with the device camera (html5-qrcode,
 * loaded only when the camera is asked for) or typed in; the server sets Réceptionné once.
 */
export function ScannerDialog({
  kind,
  visible,
  onHide,
  onReceived,
}: {
  kind: ConversionKind;
  visible: boolean;
  onHide: () => void;
  onReceived: (row: ConversionRow) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cameraOn, setCameraOn] = useState(false);
  const camera = useRef<Camera | null>(null);
  const readerId = `qr-reader-${useId().replace(/:/g, '')}`;

  const stopCamera = useCallback(async () => {
    const c = camera.current;
    camera.current = null;
    setCameraOn(false);
    if (c)
      await c.stop().then(
        () => c.clear(),
        () => c.clear(),
      );
  }, []);
  useEffect(() => {
    if (!visible) {
      void stopCamera();
      setCode('');
      setError(null);
    }
  }, [visible, stopCamera]);

  const receive = async (qr: string) => {
    const value = qr.trim();
    if (!value) return setError(GIFT_MSG.qrUnknown);
    setBusy(true);
    setError(null);
    try {
      const row = await receiveConversion(kind, value);
      notify.success('Cadeau réceptionné', `${row.REF} — ${row.CLIENT_NAME}`);
      onReceived(row);
      onHide();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'La réception a échoué.');
    } finally {
      setBusy(false);
    }
  };

  const startCamera = async () => {
    setError(null);
    try {
      const { Html5Qrcode } = await import('html5-qrcode');
      const reader = new Html5Qrcode(readerId);
      camera.current = reader;
      setCameraOn(true);
      await reader.start(
        { facingMode: 'environment' },
        { fps: 10, qrbox: 220 },
        (text) => {
          void stopCamera();
          setCode(text);
          void receive(text);
        },
        () => {},
      );
    } catch {
      await stopCamera();
      setError("La caméra n'est pas disponible : saisissez le code.");
    }
  };

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header="Scanner un code QR"
      style={{ width: '32rem' }}
      breakpoints={{ '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
    >
      <div className="scanner">
        <div id={readerId} className="scanner-video" hidden={!cameraOn} />
        {!cameraOn && <Button type="button" icon="pi pi-camera" label="Utiliser la caméra" outlined onClick={() => void startCamera()} />}
        <form
          className="scanner-form"
          onSubmit={(e) => {
            e.preventDefault();
            void receive(code);
          }}
        >
          <label htmlFor="scanner-code">Code QR (saisi)</label>
          <InputText
            id="scanner-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            invalid={!!error}
            aria-describedby={error ? 'scanner-error' : undefined}
          />
          {error && (
            <small id="scanner-error" className="p-error" role="alert">
              {error}
            </small>
          )}
          <Button type="submit" label="Valider la réception" icon="pi pi-check" loading={busy} />
        </form>
      </div>
    </Dialog>
  );
}
