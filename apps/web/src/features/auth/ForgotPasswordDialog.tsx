import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { CodeStep, DoneStep, EmailStep, NewPasswordStep } from './forgot-steps';

/**
 * Forgot password: email + captcha, activation code, new password, then a final
 * message. Each step advances only when the server accepts it; the bar reads 16/50/80/100 %.
 */
const PROGRESS = [16, 50, 80, 100] as const;

interface Props {
  visible: boolean;
  onHide(): void;
  /** Finished: the sign-in form gets the email back. */
  onDone(email: string): void;
}

export function ForgotPasswordDialog({ visible, onHide, onDone }: Props) {
  const [step, setStep] = useState(0);
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');

  // A reopened dialog starts over.
  const reset = () => {
    setStep(0);
    setEmail('');
    setCode('');
  };

  return (
    <Dialog
      header="Mot de passe oublié"
      visible={visible}
      onHide={onHide}
      onShow={reset}
      className="forgot-dialog"
      style={{ width: '32rem' }}
      breakpoints={{ '575px': '94vw' }}
      draggable={false}
      resizable={false}
    >
      <ProgressBar value={PROGRESS[step]} showValue={false} className="forgot-progress" aria-label={`Étape ${Math.min(step + 1, 3)} sur 3`} />
      <p className="forgot-step-label">{step < 3 ? `Étape ${step + 1} sur 3` : 'Terminé'}</p>
      {step === 0 && (
        <EmailStep
          onSent={(value) => {
            setEmail(value);
            setStep(1);
          }}
        />
      )}
      {step === 1 && (
        <CodeStep
          email={email}
          onValid={(value) => {
            setCode(value);
            setStep(2);
          }}
        />
      )}
      {step === 2 && <NewPasswordStep email={email} code={code} onReset={() => setStep(3)} />}
      {step === 3 && <DoneStep onClose={() => onDone(email)} />}
    </Dialog>
  );
}
