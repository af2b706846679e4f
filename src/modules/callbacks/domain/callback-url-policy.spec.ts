import { isPrivateAddress, isPrivateUrlHost } from './callback-url-policy';

describe('callback URL policy', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.1',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an ip',
  ])('refuses %s', (ip) => {
    expect(isPrivateAddress(ip)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (ip) => {
      expect(isPrivateAddress(ip)).toBe(false);
    },
  );

  it('sees private hosts in URLs without resolving names', () => {
    expect(isPrivateUrlHost('http://127.0.0.1:8080/x')).toBe(true);
    expect(isPrivateUrlHost('http://[::1]/x')).toBe(true);
    expect(isPrivateUrlHost('http://LOCALHOST/x')).toBe(true);
    expect(isPrivateUrlHost('http://app.localhost/x')).toBe(true);
    expect(isPrivateUrlHost('http://0x7f000001/x')).toBe(true); // WHATWG URL normalises it to 127.0.0.1
    expect(isPrivateUrlHost('https://shop.example/cb')).toBe(false);
    expect(isPrivateUrlHost('https://8.8.8.8/cb')).toBe(false);
  });
});
