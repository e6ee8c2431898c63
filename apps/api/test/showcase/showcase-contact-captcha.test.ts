import { MSG } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests } from '../../src/modules/showcase/showcase.table';
import { createTestApp, type TestContext } from '../support/helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA: 'altcha' } });
});
afterAll(() => t?.close());

describe('public contact form with CAPTCHA=altcha', () => {
  it('refuses a request without a solved captcha, as the sign-in does, and saves nothing', async () => {
    for (const captcha of [undefined, 'bm9uLXNlbnM=']) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/public/contacts',
        payload: { NAME: 'Web', GSM: '22334455', CONTENT: 'Bonjour', captcha },
        remoteAddress: '10.8.0.1',
      });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({ success: false, message: MSG.captcha, errors: { captcha: [MSG.captcha] } });
    }
    expect(await t.db.select().from(contactRequests)).toHaveLength(0);
  });
});
