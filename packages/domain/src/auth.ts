import { z } from 'zod';
import { email, password, phone, requiredText } from './fields';
import { MSG } from './messages';

export const SESSION_HOURS = 12;
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;
export const RESET_CODE_MINUTES = 15;
export const RESET_CODE_MAX_TRIES = 5;

export const loginBody = z.object({
  email: email(),
  password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200),
  /** Which front-end signs in; the back-office sends "BO". */
  from: z.string().max(20).optional(),
  captcha: z.string().max(5000).optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export interface SessionInfo {
  token: string;
  role: string;
  login: string;
}

export const sendResetEmailBody = z.object({ email: email(), captcha: z.string().max(5000).optional() });
export const validateCodeBody = z.object({
  email: email(),
  reset_code: z.string({ error: MSG.resetCodeRequired }).trim().min(1, { error: MSG.resetCodeRequired }).max(12),
});
export const resetPasswordBody = validateCodeBody.extend({
  password: z.string({ error: MSG.newPasswordRequired }).min(1, { error: MSG.newPasswordRequired }).max(200).pipe(password()),
});

/** Change-password dialog: a new password is optional, but once given it must be confirmed. */
export const changePasswordBody = z
  .object({
    name: requiredText(100),
    old_password: z.string({ error: MSG.required }).min(1, { error: MSG.required }).max(200),
    new_password: z
      .string()
      .max(200)
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(password().nullable()),
    confirm_password: z.string().max(200).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.new_password) return;
    if (!v.confirm_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MSG.required });
    else if (v.confirm_password !== v.new_password) ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: MSG.passwordsMismatch });
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const profileBody = z.object({
  LASTNAME: requiredText(60),
  FIRSTNAME: requiredText(60),
  EMAIL: email(),
  GSM: phone(),
  /** Needed only to change EMAIL, the login: the server checks it, the form asks for it then. */
  CURRENT_PASSWORD: z.string().max(200).optional(),
});
export type ProfileBody = z.input<typeof profileBody>;

/** Whether a profile edit changes the login e-mail (compared as the server does, case-insensitively). */
export const emailChanges = (currentEmail: string, nextEmail: string) => currentEmail.trim().toLowerCase() !== nextEmail.trim().toLowerCase();

/** The profile form's rules: profileBody, plus the current password once the e-mail differs from `currentEmail`. */
export const profileFormBody = (currentEmail: string) =>
  profileBody.superRefine((v, ctx) => {
    if (emailChanges(currentEmail, v.EMAIL) && !v.CURRENT_PASSWORD) {
      ctx.addIssue({ code: 'custom', path: ['CURRENT_PASSWORD'], message: MSG.currentPasswordRequired });
    }
  });
