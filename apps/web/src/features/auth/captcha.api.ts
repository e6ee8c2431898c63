import { api } from '../../lib/api';

/** The captcha's call (its own module: joined to auth.api, the bundler splits lib/api out of the entry chunk). */
export interface CaptchaReply {
  enabled: boolean;
  challenge: object | null;
}
/** A fresh single-use challenge, or `enabled: false`. Silent: a failure drops the requirement. */
export const fetchCaptcha = () => api.get<CaptchaReply>('captcha', undefined, { silent: true });
