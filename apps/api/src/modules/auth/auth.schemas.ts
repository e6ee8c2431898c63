import { z } from 'zod';
import { okReply } from '../../lib/replies';
import { challengeSchema } from '../../plugins/captcha';

/** Reply shapes of the session calls: they drive serialisation and the OpenAPI docs. */
const success = okReply;

export const profileShape = z.object({
  id: z.number(),
  ID: z.number(),
  FIRSTNAME: z.string(),
  LASTNAME: z.string(),
  EMAIL: z.string(),
  GSM: z.string().nullable(),
  role: z.string(),
  login: z.string(),
});

export const profileReply = success(profileShape);

export const loginReply = success(
  z.object({
    token: z.string(),
    role: z.string(),
    login: z.string(),
    user: z.object({
      id: z.number(),
      ID: z.number(),
      FIRSTNAME: z.string(),
      LASTNAME: z.string(),
      EMAIL: z.string(),
      GSM: z.string().nullable(),
      username: z.string(),
    }),
  }),
);

export const messageReply = success(z.object({ message: z.string() }));

export const captchaReply = success(
  z.object({
    enabled: z.boolean(),
    /** An ALTCHA challenge ({ parameters, signature }) for the widget's `challenge` attribute. */
    challenge: challengeSchema.nullable(),
  }),
);
