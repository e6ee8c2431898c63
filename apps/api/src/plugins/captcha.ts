import { createHmac, randomBytes } from 'node:crypto';
import { MSG } from '@app/domain';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../lib/http';
import { captchaUses } from '../lib/auth/accounts.table';

/**
 * ALTCHA proof of work (self-hosted, no third party). Challenges are signed with an HMAC key and
 * carry their own expiry, so the server keeps no state until a solution is spent: then its
 * signature goes into captcha_uses and the same solution is refused ever after.
 */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
export const CAPTCHA_TTL_MINUTES = 10;
/** About half a second in a browser: slows scripted sign-ins without making people wait. */
const COST = 1_000;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 3_000;

export interface Captcha {
  enabled: boolean;
  /** A fresh challenge for the widget, or null when the captcha is off. */
  challenge(): Promise<CaptchaChallenge | null>;
  /** Throws the 422 the forms expect unless `payload` is a valid, unexpired, never-used solution. */
  verify(db: Db, payload: string | null | undefined): Promise<void>;
}

/** A challenge as the widget receives it; loose because the signature covers every parameter. */
export const challengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof challengeSchema>;

const payloadSchema = z.object({
  challenge: challengeSchema.extend({ signature: z.string().regex(/^[0-9a-f]{64}$/) }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256), time: z.number().optional() }),
});

export const captchaError = () => new AppError(422, MSG.captcha, { captcha: [MSG.captcha] });

// One instance per configuration, so every module of an app shares the key made at start.
const instances = new WeakMap<Config, Captcha>();

export function captchaFor(app: FastifyInstance): Captcha {
  let captcha = instances.get(app.config);
  if (!captcha) {
    captcha = createCaptcha(app.config);
    instances.set(app.config, captcha);
  }
  return captcha;
}

/**
 * The captcha of the mobile app's sign-in and registration: APP_CAPTCHA when set, else the same as
 * the back-office's (then the very same instance, so one challenge serves either).
 */
const appInstances = new WeakMap<Config, Captcha>();
export function appCaptchaFor(app: FastifyInstance): Captcha {
  const mode = app.config.APP_CAPTCHA ?? app.config.CAPTCHA;
  if (mode === app.config.CAPTCHA) return captchaFor(app);
  let captcha = appInstances.get(app.config);
  if (!captcha) {
    captcha = createCaptcha({ CAPTCHA: mode, CAPTCHA_SECRET: app.config.CAPTCHA_SECRET });
    appInstances.set(app.config, captcha);
  }
  return captcha;
}

export function createCaptcha(config: Pick<Config, 'CAPTCHA' | 'CAPTCHA_SECRET'>): Captcha {
  if (config.CAPTCHA === 'off') {
    return { enabled: false, challenge: async () => null, verify: async () => {} };
  }
  // Without a configured secret, challenges simply die with the process (documented in config.ts).
  const secret = config.CAPTCHA_SECRET ?? randomBytes(32).toString('hex');
  // The key signature lets a solution be checked in one HMAC instead of re-deriving the key.
  const keySecret = createHmac('sha256', secret).update('altcha-key-signature').digest('hex');

  return {
    enabled: true,
    async challenge() {
      const { parameters, signature } = await createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: COST,
        counter: randomInt(COUNTER_MIN, COUNTER_MAX),
        deriveKey,
        expiresAt: new Date(Date.now() + CAPTCHA_TTL_MINUTES * 60_000),
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
      });
      return { parameters: { ...parameters }, signature };
    },

    async verify(db, payload) {
      const parsed = payloadSchema.safeParse(decode(payload));
      if (!parsed.success) throw captchaError();
      const { challenge, solution } = parsed.data;
      // Only the algorithm this server issues; anything else was not made here.
      if (challenge.parameters.algorithm !== CAPTCHA_ALGORITHM) throw captchaError();
      let verified = false;
      try {
        ({ verified } = await verifySolution({
          challenge: challenge as Challenge,
          solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: keySecret,
        }));
      } catch {
        // Malformed parameters make the library throw; for the caller that is simply a wrong captcha.
        verified = false;
      }
      if (!verified) throw captchaError();

      // Uses older than a challenge's lifetime can no longer be replayed (the expiry is signed).
      await db.delete(captchaUses).where(lt(captchaUses.at, new Date(Date.now() - 2 * CAPTCHA_TTL_MINUTES * 60_000)));
      const spent = await db
        .insert(captchaUses)
        .values({ signature: challenge.signature })
        .onConflictDoNothing()
        .returning({ signature: captchaUses.signature });
      if (spent.length === 0) throw captchaError();
    },
  };
}

function decode(payload: string | null | undefined): unknown {
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
}
