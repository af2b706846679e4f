import request from 'supertest';
import { createDeployment, TestDeployment, TestMember } from '../support/builders';
import { CallbackReceiver, eventually, startReceiver } from '../support/callback-receiver';
import { ETH_USDT } from '../support/invoices';
import { createConfigChange, OperationBody, queuePath, sign, submission } from '../support/queue';
import { createScratchDatabase, ScratchDatabase } from '../support/scratch-database';
import { startSmtpSink, SmtpSink } from '../support/smtp-sink';
import { AppProcess, startAppProcess } from '../support/crash-rig';
import { createTestApp, TestApp } from '../support/test-app';
import { NotificationScheduler } from '../../src/modules/notifications/application/notification-scheduler';

jest.setTimeout(90_000);

const PUBLIC = 'https://treasury.example.com';
const BOT_TOKEN = '123456:test-bot-token-never-shown';
const settingsPath = (d: TestDeployment) => `/api/v1/accounts/${d.accountId}/notification-settings`;
const ALL_EVENTS = ['SIGNATURE_NEEDED', 'READY_TO_EXECUTE', 'EXECUTED', 'FAILED', 'DAILY_DIGEST'];

interface Telegram {
  chat_id: string;
  text: string;
}

describe('approver notifications (e-mail, Slack, Telegram)', () => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let second: TestApp | undefined;
  let d: TestDeployment;
  let smtp: SmtpSink;
  let telegram: CallbackReceiver;
  /** One Slack receiver per member of `d`, so who got what is plain. */
  let slack: CallbackReceiver[];

  const env = () => ({
    PUBLIC_BASE_URL: PUBLIC,
    CALLBACK_ALLOW_PRIVATE: 'true',
    CALLBACK_POLL_INTERVAL_MS: '50',
    CALLBACK_RETRY_SCHEDULE_MS: '0,200,200,200,200',
    SMTP_URL: smtp.url,
    NOTIFY_FROM: 'Treasury <treasury@example.com>',
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    TELEGRAM_API_URL: telegram.url,
    // 3.6 s: long enough for the tests before the reminder's own to look at first messages alone.
    NOTIFY_REMIND_AFTER_HOURS: '0.001',
    NOTIFY_DIGEST_HOUR: '0',
  });

  const emailOf = (i: number) => `member${i}@example.com`;
  const chatOf = (i: number) => `chat-${i}`;
  const linkOf = (operationId: string) => `${PUBLIC}/console/deployments/${d.id}/operations/${operationId}`;

  function mailsTo(i: number, operationId: string, subjectStart: string): string[] {
    return smtp.mails
      .filter((m) => m.to.includes(emailOf(i)) && m.subject.startsWith(subjectStart) && m.text.includes(operationId))
      .map((m) => m.text);
  }
  function slackTo(i: number, operationId: string, start: string): string[] {
    return slack[i].received
      .filter((r) => r.status === 200)
      .map((r) => (JSON.parse(r.body) as { text: string }).text)
      .filter((text) => text.startsWith(start) && text.includes(operationId));
  }
  function telegramTo(i: number, operationId: string, start: string): string[] {
    return telegram.received
      .filter((r) => r.status === 200)
      .map((r) => JSON.parse(r.body) as Telegram)
      .filter((m) => m.chat_id === chatOf(i) && m.text.startsWith(start) && m.text.includes(operationId))
      .map((m) => m.text);
  }

  async function signAs(member: TestMember, operation: OperationBody): Promise<void> {
    await sign(t, d, member, operation.id, await submission(member, d, '1.2.0-evm', operation)).expect(200);
  }

  beforeAll(async () => {
    scratch = await createScratchDatabase('notifications');
    smtp = await startSmtpSink();
    telegram = await startReceiver();
    t = await createTestApp({ databaseUrl: scratch.url, env: env() });
    // Three approvers (threshold 2) and a fourth member who is no approver.
    d = await createDeployment(t, { memberCount: 4, approverCount: 3, threshold: 2 });
    slack = await Promise.all(d.members.map(() => startReceiver()));
    await request(t.http)
      .patch(`/api/v1/accounts/${d.accountId}/members/${d.members[3].address}`)
      .set('x-api-key', d.members[0].apiKey)
      .send({ role: 'VIEWER' })
      .expect(200);
    for (const [i, member] of d.members.entries()) {
      const res = await request(t.http)
        .put(settingsPath(d))
        .set('x-api-key', member.apiKey)
        .send({ email: emailOf(i), slackWebhookUrl: slack[i].url, telegramChatId: chatOf(i), events: ALL_EVENTS });
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await Promise.all([smtp?.close(), telegram?.close(), ...(slack ?? []).map((r) => r.close())]);
    await scratch?.drop();
  });

  describe('GET and PUT /api/v1/accounts/{accountId}/notification-settings', () => {
    it("answers the caller's own settings, the Slack URL masked, with the available channels", async () => {
      const res = await request(t.http).get(settingsPath(d)).set('x-api-key', d.members[1].apiKey);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        email: emailOf(1),
        slackWebhookUrl: `http://127.0.0.1:${slack[1].port}`,
        telegramChatId: chatOf(1),
        events: ALL_EVENTS,
        availableChannels: ['email', 'slack', 'telegram'],
      });
    });

    it('keeps the Slack URL encrypted and records each change in the audit log without it', async () => {
      const rows: { slack_webhook_ciphertext: string }[] = await t.dataSource.query(
        `SELECT slack_webhook_ciphertext FROM notification_settings`,
      );
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row.slack_webhook_ciphertext).not.toContain('/hooks');
      const audit: { changes: unknown }[] = await t.dataSource.query(
        `SELECT changes FROM audit_events WHERE account_id = $1 AND action = 'NOTIFICATION_SETTINGS_CHANGED'`,
        [d.accountId],
      );
      expect(audit).toHaveLength(4);
      expect(JSON.stringify(audit)).not.toContain('/hooks');
    });

    it('answers 400 for bad settings and changes nothing', async () => {
      const as = { 'x-api-key': d.members[2].apiKey };
      const good = { email: 'x@example.com', slackWebhookUrl: null, telegramChatId: null, events: [] };
      for (const body of [
        { ...good, email: 'not-an-email' },
        { ...good, slackWebhookUrl: 'ftp://hooks.example.com/x' },
        { ...good, slackWebhookUrl: 'not a url' },
        { ...good, events: ['SIGNATURE_NEEDED', 'SOMETHING_ELSE'] },
        { ...good, events: 'SIGNATURE_NEEDED' },
        { ...good, telegramChatId: 42 },
        { email: null, slackWebhookUrl: null, events: [] },
      ]) {
        const res = await request(t.http).put(settingsPath(d)).set(as).send(body);
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^\[ERR_400\]/);
      }
      const after = await request(t.http).get(settingsPath(d)).set(as);
      expect(after.body.email).toBe(emailOf(2));
      expect(after.body.events).toEqual(ALL_EVENTS);
    });

    it('answers 401 without a credential and 404 to a non-member', async () => {
      expect((await request(t.http).get(settingsPath(d))).status).toBe(401);
      const other = await createDeployment(t);
      const res = await request(t.http).get(settingsPath(d)).set('x-api-key', other.members[0].apiKey);
      expect(res.status).toBe(404);
    });
  });

  it('tells SIGNATURE_NEEDED to each approver who has not signed, never the creator, again after a nonce change, then READY_TO_EXECUTE to the operators', async () => {
    const operation = await createConfigChange(t, d, d.members[0]);
    await signAs(d.members[0], operation);
    const needed = 'Your signature is needed';
    await eventually(() => [1, 2].every((i) => mailsTo(i, operation.id, needed).length === 1));
    await eventually(() => [1, 2].every((i) => slackTo(i, operation.id, needed).length === 1));
    await eventually(() => [1, 2].every((i) => telegramTo(i, operation.id, needed).length === 1));
    const mail = mailsTo(1, operation.id, needed)[0];
    expect(mail).toBe(
      `${needed}: Set the approvers to 3 addresses with a threshold of 2 on Ethereum, 0 of 2 signatures\n${linkOf(operation.id)}`,
    );
    // The same words on every channel.
    expect(slackTo(1, operation.id, needed)).toEqual([mail]);
    expect(telegramTo(2, operation.id, needed)).toEqual([mailsTo(2, operation.id, needed)[0]]);
    // The creator who signed, and the member who is no approver, hear nothing.
    for (const i of [0, 3]) {
      expect(mailsTo(i, operation.id, needed)).toEqual([]);
      expect(slackTo(i, operation.id, needed)).toEqual([]);
      expect(telegramTo(i, operation.id, needed)).toEqual([]);
    }

    const changed = await request(t.http)
      .patch(queuePath(d.id, `/${operation.id}/nonce`))
      .set('x-api-key', d.members[0].apiKey)
      .send({ nonce: String(BigInt(operation.nonce) + 1n) });
    expect(changed.status).toBe(200);
    const renewed = changed.body as OperationBody;
    await eventually(() => [1, 2].every((i) => mailsTo(i, operation.id, needed).length === 2));
    expect(mailsTo(0, operation.id, needed)).toEqual([]);

    await signAs(d.members[1], renewed);
    await signAs(d.members[2], renewed);
    const ready = 'Ready to execute';
    await eventually(() => [0, 1, 2].every((i) => mailsTo(i, operation.id, ready).length === 1));
    await eventually(() => [0, 1, 2].every((i) => telegramTo(i, operation.id, ready).length === 1));
    expect(mailsTo(0, operation.id, ready)[0]).toContain('2 of 2 signatures');
    // The VIEWER executes nothing.
    expect(mailsTo(3, operation.id, ready)).toEqual([]);
  });

  async function payoutTo(recipient: string): Promise<string> {
    const res = await request(t.http)
      .post(`/api/v1/deployments/${d.id}/payouts`)
      .set('x-api-key', d.members[0].apiKey)
      .send({ deploymentId: d.id, currencyId: ETH_USDT, amount: '5000', toAddress: recipient.toLowerCase() });
    expect(res.status).toBe(201);
    const operationId = (res.body as { queueOperationId?: string }).queueOperationId;
    expect(typeof operationId).toBe('string');
    await eventually(() => mailsTo(1, operationId!, 'Your signature is needed').length === 1);
    return operationId!;
  }

  it('says what a payout pays, how much, to whom (checksummed) and on which network', async () => {
    // Sent in lower case; shown in its checksum case, as people compare it.
    const operationId = await payoutTo('0xAb00000000000000000000000000000000000312');
    expect(mailsTo(1, operationId, 'Your signature is needed')[0]).toBe(
      `Your signature is needed: Payout 5,000 USDT to 0xAb…12 on Ethereum, 0 of 2 signatures\n${linkOf(operationId)}`,
    );
  });

  it('names a payee by its APPROVED address-book label, and no other payee', async () => {
    const labelled = '0xAb00000000000000000000000000000000000612';
    const book = `/api/v1/accounts/${d.accountId}/address-book`;
    const added = await request(t.http)
      .post(book)
      .set('x-api-key', d.members[0].apiKey)
      .send({ address: labelled, networkType: 'evm', label: 'Supplier X' });
    expect(added.status).toBe(201);
    // Still PENDING: no label yet.
    const pending = await payoutTo(labelled);
    expect(mailsTo(1, pending, 'Your signature is needed')[0]).toContain('to 0xAb…12 on Ethereum');
    const approved = await request(t.http)
      .post(`${book}/${(added.body as { id: string }).id}/approve`)
      .set('x-api-key', d.members[1].apiKey);
    expect(approved.status).toBe(200);
    expect((approved.body as { status: string }).status).toBe('APPROVED');

    const known = await payoutTo(labelled);
    const line = `Payout 5,000 USDT to 0xAb…12 (Supplier X) on Ethereum, 0 of 2 signatures`;
    expect(mailsTo(1, known, 'Your signature is needed')[0]).toBe(
      `Your signature is needed: ${line}\n${linkOf(known)}`,
    );
    await eventually(() => slackTo(1, known, 'Your signature is needed').length === 1);
    expect(slackTo(1, known, 'Your signature is needed')[0]).toContain(line);
    // An address without an entry (here one that only looks like the labelled one) gets no label.
    const unknown = await payoutTo('0xAb00000000000000000000000000000000000312');
    const text = mailsTo(1, unknown, 'Your signature is needed')[0];
    expect(text).toContain('to 0xAb…12 on Ethereum');
    expect(text).not.toContain('(');
  });

  it('delivers each message exactly once to a receiver that fails, then recovers', async () => {
    slack[1].answer = () => 503;
    const operation = await createConfigChange(t, d, d.members[0]);
    await eventually(() => slack[1].received.some((r) => r.status === 503 && r.body.includes(operation.id)));
    slack[1].answer = () => 200;
    await eventually(() => slackTo(1, operation.id, 'Your signature is needed').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(slackTo(1, operation.id, 'Your signature is needed')).toHaveLength(1);
  });

  it('delivers each message once with two instances running', async () => {
    second = await createTestApp({ databaseUrl: scratch.url, env: env() });
    const operations: OperationBody[] = [];
    for (let i = 0; i < 4; i += 1) operations.push(await createConfigChange(t, d, d.members[i % 3]));
    const needed = 'Your signature is needed';
    const expected = (op: OperationBody, i: number) =>
      i !== 3 && d.members[i].address !== (op as { createdBy?: string }).createdBy;
    await eventually(() =>
      operations.every((op) => [0, 1, 2].every((i) => !expected(op, i) || slackTo(i, op.id, needed).length >= 1)),
    );
    // Every message of the outbox delivered (e-mail and Telegram may still be on their way when the
    // Slack ones have arrived), then a second more for a duplicate to show.
    await eventually(async () => {
      const rows: { n: number }[] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM notifications WHERE status NOT IN ('SENT')`,
      );
      return rows[0].n === 0;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const op of operations) {
      for (const i of [0, 1, 2]) {
        const count = expected(op, i) ? 1 : 0;
        expect(slackTo(i, op.id, needed)).toHaveLength(count);
        expect(mailsTo(i, op.id, needed)).toHaveLength(count);
        expect(telegramTo(i, op.id, needed)).toHaveLength(count);
      }
    }
  });

  it('reminds those who have not signed once, after the configured time, and not again', async () => {
    const operation = await createConfigChange(t, d, d.members[2]);
    await signAs(d.members[0], operation);
    const reminder = 'Reminder: your signature is still needed';
    await eventually(() => mailsTo(1, operation.id, reminder).length === 1, 15_000);
    expect(mailsTo(1, operation.id, reminder)[0]).toContain(linkOf(operation.id));
    // The one who signed and the creator get none; and nobody gets a second one.
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(mailsTo(1, operation.id, reminder)).toHaveLength(1);
    expect(slackTo(1, operation.id, reminder)).toHaveLength(1);
    expect(mailsTo(0, operation.id, reminder)).toEqual([]);
    expect(mailsTo(2, operation.id, reminder)).toEqual([]);
  });

  it('sends the daily digest once per day per member', async () => {
    const digests = (i: number) =>
      smtp.mails.filter((m) => m.to.includes(emailOf(i)) && m.subject.startsWith('Daily digest'));
    await eventually(() => digests(1).length === 1);
    expect(digests(1)[0].text).toContain('To sign: ');
    expect(await t.app.get(NotificationScheduler).runOnce(new Date())).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(digests(1)).toHaveLength(1);
    const days: { n: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM notification_digests WHERE account_id = $1 GROUP BY member_id HAVING count(*) > 1`,
      [d.accountId],
    );
    expect(days).toEqual([]);
  });

  it('never logs, stores or answers the bot token or a Slack URL in clear', async () => {
    const rows: { destination: string; last_error: string | null }[] = await t.dataSource.query(
      `SELECT destination, last_error FROM notifications`,
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('/hooks');
    expect(stored).not.toContain(BOT_TOKEN);
  });
});

describe('notification settings with private addresses refused', () => {
  let scratch: ScratchDatabase;
  let t: TestApp;

  beforeAll(async () => {
    scratch = await createScratchDatabase('notifications_private');
    t = await createTestApp({ databaseUrl: scratch.url, env: { CALLBACK_ALLOW_PRIVATE: 'false' } });
  });
  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('answers 400 for a Slack URL to a private address, changing nothing, and lists no unconfigured channel', async () => {
    const d = await createDeployment(t);
    const as = { 'x-api-key': d.members[1].apiKey };
    for (const url of ['http://127.0.0.1:9/hooks', 'https://10.0.0.5/services/x', 'http://localhost/x']) {
      const res = await request(t.http)
        .put(settingsPath(d))
        .set(as)
        .send({ email: null, slackWebhookUrl: url, telegramChatId: null, events: ['SIGNATURE_NEEDED'] });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('CALLBACK_URL_NOT_ALLOWED');
    }
    const after = await request(t.http).get(settingsPath(d)).set(as);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      email: null,
      slackWebhookUrl: null,
      telegramChatId: null,
      events: ALL_EVENTS,
      availableChannels: ['slack'],
    });
  });
});

describe('notifications across a kill -9', () => {
  let scratch: ScratchDatabase;
  let t: TestApp;
  let later: TestApp | undefined;
  let child: AppProcess | undefined;
  let smtp: SmtpSink;

  beforeAll(async () => {
    scratch = await createScratchDatabase('notifications_crash');
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await child?.kill();
    await later?.close();
    await t?.close();
    await smtp?.close();
    await scratch?.drop();
  });

  it('loses no message written by a process killed before it delivered', async () => {
    const env = { SMTP_URL: smtp.url, PUBLIC_BASE_URL: PUBLIC, CALLBACK_POLL_INTERVAL_MS: '50' };
    // This instance only sets things up: it delivers nothing.
    t = await createTestApp({ databaseUrl: scratch.url, env: { ...env, NOTIFY_WORKER: 'false' } });
    const d = await createDeployment(t, { memberCount: 3, approverCount: 3, threshold: 2 });
    for (const [i, member] of d.members.entries()) {
      await request(t.http)
        .put(settingsPath(d))
        .set('x-api-key', member.apiKey)
        .send({ email: `crash${i}@example.com`, slackWebhookUrl: null, telegramChatId: null, events: ALL_EVENTS })
        .expect(200);
    }
    child = await startAppProcess(scratch.url, { ...env, NOTIFY_WORKER: 'false' });
    const res = await fetch(`${child.baseUrl}${queuePath(d.id, '/multisig-config')}`, {
      method: 'POST',
      headers: { 'x-api-key': d.members[0].apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        approvers: d.approvers.map((a) => a.address),
        threshold: 2,
        calls: [{ to: d.address, value: '0', data: '0x12345678' }],
      }),
    });
    expect(res.status).toBe(201);
    const operation = (await res.json()) as OperationBody;
    await child.kill();
    const written: { n: number }[] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM notifications WHERE operation_id = $1 AND status = 'CREATED'`,
      [operation.id],
    );
    expect(written[0].n).toBe(2);
    expect(smtp.mails).toEqual([]);

    later = await createTestApp({ databaseUrl: scratch.url, env });
    const to = (i: number) =>
      smtp.mails.filter((m) => m.to.includes(`crash${i}@example.com`) && m.subject.startsWith('Your signature'));
    await eventually(() => to(1).length === 1 && to(2).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([to(0).length, to(1).length, to(2).length]).toEqual([0, 1, 1]);
    expect(to(1)[0].text).toContain(`${PUBLIC}/console/deployments/${d.id}/operations/${operation.id}`);
  });
});
