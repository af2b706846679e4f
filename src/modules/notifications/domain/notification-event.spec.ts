import { digestMessage, formatAmount, maskedUrl, operationMessage, shortAddress } from './notification-event';

describe('notification texts', () => {
  it('says what the operation does, its network and its signatures, and links the review page', () => {
    const text = operationMessage('SIGNATURE_NEEDED', {
      action: `Payout ${formatAmount(5_000_000_000n, 6)} USDT to ${shortAddress('0xAb00000000000000000000000000000000000012')}`,
      network: 'Ethereum',
      signaturesCollected: 1,
      signaturesRequired: 2,
      link: 'https://t.example/console/deployments/d/operations/o',
    });
    expect(text.body).toBe(
      'Your signature is needed: Payout 5,000 USDT to 0xAb…12 on Ethereum, 1 of 2 signatures\nhttps://t.example/console/deployments/d/operations/o',
    );
  });

  it('keeps fractions and drops trailing zeros', () => {
    expect(formatAmount(1_234_500_000_000_000_000_000n, 18)).toBe('1,234.5');
    expect(formatAmount(1n, 6)).toBe('0.000001');
  });

  it('masks a Slack webhook to its scheme and host', () => {
    expect(maskedUrl('https://hooks.slack.com/services/T/B/secret')).toBe('https://hooks.slack.com');
  });

  it('lists what awaits in the digest', () => {
    const text = digestMessage([{ kind: 'SIGN', summary: 'Reject nonce 3 on Ethereum, 0 of 2 signatures', link: 'L' }]);
    expect(text.subject).toBe('Daily digest: 1 operation await you');
    expect(text.body).toContain('To sign: Reject nonce 3');
  });
});
