import { Webhook } from 'standardwebhooks';
import { newSigningSecret, signatureHeaders } from './callback-signature';

describe('callback signature (Standard Webhooks 1.0)', () => {
  it('is verified by the standardwebhooks package, and fails for another secret or body', () => {
    const secret = newSigningSecret();
    const body = JSON.stringify({ id: 'evt', type: 'INVOICE_PAID', data: { a: 1 } });
    const headers = signatureHeaders(secret, 'evt', body, new Date());
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From the Standard Webhooks specification's examples.
    const headers = signatureHeaders(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      '{"test": 2432232314}',
      new Date(1614265330 * 1000),
    );
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
});
