import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { fetchCaptcha } from './captcha.api';

/**
 * The ALTCHA proof-of-work captcha. The server hands out the challenge (GET /api/captcha); when it
 * says captcha is off, or the challenge cannot be loaded, the requirement is dropped (as the
 * older product did) and the server decides on its own.
 * The widget bundle is loaded only when a challenge is to be shown.
 */
export interface CaptchaValue {
  /** The form must wait for a solution before sending. */
  required: boolean;
  /** The solution payload to send as `captcha`, once verified. */
  payload: string | null;
}

interface Props {
  onChange(value: CaptchaValue): void;
  /** Change it to get a fresh challenge (a challenge is single-use: after every failed submit). */
  refreshKey?: number;
  error?: string;
}

export function Captcha({ onChange, refreshKey = 0, error }: Props) {
  const [challenge, setChallenge] = useState<string | null>(null);
  const widget = useRef<HTMLElement>(null);
  // The latest callback, so effects need not re-run when the parent re-renders.
  const report = useRef(onChange);
  report.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger for a new challenge.
  useEffect(() => {
    let cancelled = false;
    report.current({ required: true, payload: null });
    (async () => {
      try {
        const data = await fetchCaptcha();
        if (cancelled) return;
        if (!data.enabled || !data.challenge) {
          setChallenge(null);
          report.current({ required: false, payload: null });
          return;
        }
        await Promise.all([import('altcha'), import('altcha/i18n/fr-fr')]);
        if (!cancelled) setChallenge(JSON.stringify(data.challenge));
      } catch {
        if (cancelled) return;
        setChallenge(null);
        report.current({ required: false, payload: null });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [refreshKey]);

  useEffect(() => {
    const el = widget.current;
    if (!el || !challenge) return;
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      report.current({ required: true, payload: state === 'verified' && payload ? payload : null });
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [challenge]);

  if (!challenge) return null;
  return (
    // A new challenge remounts the widget (keyed wrapper: the custom element's typings have no `key`).
    <div className="captcha" key={challenge}>
      <altcha-widget ref={widget} challenge={challenge} language="fr-fr" name="captcha" />
      {error && (
        <small className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
