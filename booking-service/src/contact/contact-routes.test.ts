import { EnquiryReceivedSchema, ProblemSchema } from '@tuition/api-contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enquiries } from '../db/schema.ts';
import { api, freshIp, mailTo, peerEnv } from '../testing/auth-helpers.ts';
import { contractBody } from '../testing/contract-body.ts';
import { TEST_DB_KINDS } from '../testing/database-kinds.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const enquiry = (overrides: Record<string, unknown> = {}) => ({
  parentName: 'Sam Parent',
  email: 'sam@example.com',
  phone: '07700 900123',
  yearGroup: 'y10',
  subject: 'maths',
  preference: 'online',
  message: 'My daughter would like help with GCSE algebra.',
  ...overrides,
});

describe.each(TEST_DB_KINDS)('contact form on %s', (dbKind) => {
  let t: TestApp;
  let businessAddress: string;
  beforeAll(async () => {
    t = await createTestApp({ dbKind });
    businessAddress = (await t.deps.content.siteSettings()).contactEmail;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores the enquiry, mails the business and acknowledges the sender', async () => {
    const response = await api(t, '/api/contact', { body: enquiry(), ip: freshIp() });
    expect(response.status).toBe(201);
    const { id } = await contractBody(response, EnquiryReceivedSchema);

    const [row] = await t.deps.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row).toMatchObject({
      parentName: 'Sam Parent',
      email: 'sam@example.com',
      // Kept in E.164 like an account's number (decision 069), shown the UK way in the mail.
      phone: '+447700900123',
      yearGroup: 'y10',
      subject: 'maths',
      preference: 'online',
    });

    const toBusiness = await mailTo(t, businessAddress);
    expect(toBusiness[0]?.subject).toBe('New enquiry from Sam Parent');
    expect(toBusiness[0]?.text).toContain('My daughter would like help with GCSE algebra.');
    expect(toBusiness[0]?.text).toContain('Year group: Year 10');
    expect(toBusiness[0]?.text).toContain('Phone: 07700 900123');
    const toSender = await mailTo(t, 'sam@example.com');
    expect(toSender[0]?.subject).toMatch(/We have received your enquiry/);
    expect(toSender[0]?.text).toContain('within 24 hours');
  });

  it('accepts an enquiry with only the required fields', async () => {
    const response = await api(t, '/api/contact', {
      body: { parentName: 'Jo', email: 'jo@example.com', message: 'Hello', yearGroup: '' },
      ip: freshIp(),
    });
    expect(response.status).toBe(201);
    const { id } = await contractBody(response, EnquiryReceivedSchema);
    const [row] = await t.deps.db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row).toMatchObject({ phone: null, yearGroup: null, subject: null, preference: null });
  });

  it('answers 400 naming each invalid field, and stores nothing', async () => {
    const before = (await t.deps.db.select().from(enquiries)).length;
    const response = await api(t, '/api/contact', {
      body: { parentName: '', email: 'not-an-email', preference: 'inperson', phone: '12' },
      ip: freshIp(),
    });
    expect(response.status).toBe(400);
    const body = await contractBody(response, ProblemSchema);
    expect(body.errors?.map((e) => e.field).sort()).toEqual(
      ['email', 'message', 'parentName', 'phone', 'preference'].sort(),
    );
    expect(body.errors?.find((e) => e.field === 'preference')?.message).toMatch(/coming soon/i);
    expect((await t.deps.db.select().from(enquiries)).length).toBe(before);
  });

  it('allows 5 enquiries an hour from one e-mail address, then answers 429', async () => {
    const email = 'keen@example.com';
    for (let i = 0; i < 5; i++) {
      const ok = await api(t, '/api/contact', { body: enquiry({ email }), ip: freshIp() });
      expect(ok.status).toBe(201);
    }
    const refused = await api(t, '/api/contact', { body: enquiry({ email }), ip: freshIp() });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await refused.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
  });

  it('allows 5 enquiries an hour from one client address, then answers 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const ok = await api(t, '/api/contact', {
        body: enquiry({ email: `p${i}@example.com` }),
        ip,
      });
      expect(ok.status).toBe(201);
    }
    const refused = await api(t, '/api/contact', {
      body: enquiry({ email: 'p9@example.com' }),
      ip,
    });
    expect(refused.status).toBe(429);
    // Another client is not affected.
    const other = await api(t, '/api/contact', {
      body: enquiry({ email: 'p10@example.com' }),
      ip: freshIp(),
    });
    expect(other.status).toBe(201);
  });

  it('acknowledges a typed-in address with none of the typed text, and gives the business all of it escaped', async () => {
    const victim = 'victim@example.com';
    const bait = {
      phone: '07700 900999',
      parentName: 'Win a prize http://evil.example',
      message: 'Hello <a href="http://evil.example/claim">click now</a> http://evil.example/x',
    };
    const response = await api(t, '/api/contact', {
      body: enquiry({ email: victim, ...bait }),
      ip: freshIp(),
    });
    expect(response.status).toBe(201);

    const [ack] = await mailTo(t, victim);
    expect(ack).toBeDefined();
    for (const part of [ack!.subject, ack!.text, ack!.html ?? '']) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Win a prize');
      expect(part).not.toContain('click now');
      expect(part).not.toContain('07700 900999');
    }
    const toBusiness = (await mailTo(t, businessAddress)).find((m) =>
      m.text.includes('http://evil.example/x'),
    );
    expect(toBusiness?.subject).toBe('New enquiry from Win a prize http://evil.example');
    expect(toBusiness?.html).not.toContain('<a href="http://evil.example/claim">');
    expect(toBusiness?.html).toContain('&lt;a href=');
  });

  it('keys the per-client limit on the socket peer: a rotated X-Forwarded-For changes nothing', async () => {
    const peer = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await t.app.request(
        '/api/contact',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: t.deps.config.publicUrl,
            'x-forwarded-for': `203.0.113.${i + 1}`,
          },
          body: JSON.stringify(enquiry({ email: `rotating${i}@example.com` })),
        },
        peerEnv(peer),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('refuses an enquiry posted from another site', async () => {
    const response = await api(t, '/api/contact', {
      body: enquiry({ email: 'forged@example.com' }),
      origin: 'https://evil.example',
      ip: freshIp(),
    });
    expect(response.status).toBe(403);
  });
});
