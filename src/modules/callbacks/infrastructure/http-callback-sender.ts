import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { request as httpRequest, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { Injectable } from '@nestjs/common';
import { CallbackSender, SendOptions } from '../domain/callback-sender';
import type { AttemptOutcome } from '../domain/callback-status';
import { isPrivateAddress } from '../domain/callback-url-policy';

/** The first 1 kB of a receiver's answer is kept in the log (docs/contract.md, Merchants). */
const RESPONSE_BODY_LIMIT = 1024;

class RefusedAddress extends Error {}

/**
 * POSTs one callback. The host is resolved here and every address it resolves to is checked
 * before connecting, and the connection goes to the address that was checked (the lookup hook),
 * so a DNS answer that changes between check and connect (rebinding) cannot reach a private
 * address. Redirects are not followed: a 3xx is just a failed attempt.
 */
export async function sendCallback(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: SendOptions,
): Promise<AttemptOutcome> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { kind: 'refused', error: 'callback URL is not a valid URL' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return { kind: 'refused', error: 'callback URL must use http or https' };
  }
  const host = target.hostname.startsWith('[') ? target.hostname.slice(1, -1) : target.hostname;
  // Node skips the lookup hook for IP literals, so they are checked here.
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
    return { kind: 'refused', error: 'callback URL points to a private, loopback or link-local address' };
  }
  const checkedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (!options.allowPrivate && addresses.some((address) => isPrivateAddress(address.address))) {
        return callback(new RefusedAddress('callback host resolves to a private address'), '', 4);
      }
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
  const requestOptions: RequestOptions = {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'deployments-api-callbacks/1',
    },
    lookup: checkedLookup,
    signal: AbortSignal.timeout(options.timeoutMs),
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptOutcome>((resolve) => {
    const req = send(target, requestOptions, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_BODY_LIMIT) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      res.on('end', () =>
        resolve({
          kind: 'answered',
          responseCode: res.statusCode ?? 0,
          responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
        }),
      );
      res.on('error', (error) => resolve({ kind: 'unreachable', error: describe(error) }));
    });
    req.on('error', (error) =>
      resolve(
        error instanceof RefusedAddress
          ? { kind: 'refused', error: error.message }
          : { kind: 'unreachable', error: describe(error) },
      ),
    );
    req.end(body);
  });
}

function describe(error: Error): string {
  const code = (error as { code?: string }).code;
  return code === undefined ? error.message.slice(0, 200) : `${code}: ${error.message.slice(0, 200)}`;
}

/** The worker's sender: plain HTTP(S) POSTs through `sendCallback`. */
@Injectable()
export class HttpCallbackSender extends CallbackSender {
  send(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<AttemptOutcome> {
    return sendCallback(url, headers, body, options);
  }
}
