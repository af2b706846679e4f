import { DomainError } from '../../../shared/domain/domain-error';

/**
 * A Sign-In with Ethereum message (EIP-4361), read line by line. The same text is signed by Tron
 * members, with their base58 address on the address line (docs/authentication.md, Sign-in with a
 * wallet). Reading it only checks its shape; whether it admits anyone is `checkSignInMessage`'s
 * business.
 */
export interface SignInMessage {
  /** The scheme written before the domain (`https://example.com wants you…`), if any. */
  readonly scheme: string | null;
  /** `host[:port]` of the site asking for the signature. */
  readonly domain: string;
  /** As written: `0x…` (EVM) or base58 `T…` (Tron). */
  readonly address: string;
  readonly statement: string | null;
  readonly uri: string;
  readonly version: string;
  readonly chainId: string;
  readonly nonce: string;
  readonly issuedAt: Date;
  readonly expirationTime: Date | null;
  readonly notBefore: Date | null;
  readonly requestId: string | null;
  readonly resources: readonly string[];
}

/** Longest message read (a statement and a few resources fit with room to spare). */
export const MAX_SIGN_IN_MESSAGE_LENGTH = 8192;

const HEADER = /^(?:([a-zA-Z][a-zA-Z0-9+\-.]*):\/\/)?([^\s/?#]+) wants you to sign in with your Ethereum account:$/;
const ADDRESS = /^(0x[0-9a-fA-F]{40}|T[1-9A-HJ-NP-Za-km-z]{33})$/;
const NONCE = /^[a-zA-Z0-9]{8,}$/;
const CHAIN_ID = /^[1-9][0-9]{0,19}$/;
/** RFC 3339 date-time, as EIP-4361 requires (JavaScript's Date would read many other forms). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const REQUIRED_FIELDS = ['URI', 'Version', 'Chain ID', 'Nonce', 'Issued At'] as const;
const OPTIONAL_FIELDS = ['Expiration Time', 'Not Before', 'Request ID'] as const;

function malformed(problem: string): DomainError {
  return DomainError.field('message', `message is not a Sign-In with Ethereum (EIP-4361) message: ${problem}`);
}

function dateTime(value: string, field: string): Date {
  const date = new Date(value);
  if (!DATE_TIME.test(value) || Number.isNaN(date.getTime())) {
    throw malformed(`${field} must be an RFC 3339 date-time such as 2026-11-26T12:00:00.000Z`);
  }
  return date;
}

/**
 * Reads the message's fields, in the order EIP-4361 writes them; anything else is a 400 naming
 * `message`. The statement may be absent with either one or two blank lines after the address
 * (the EIP's grammar and the older libraries differ there); the signature covers the exact text
 * either way.
 */
export function parseSignInMessage(text: string): SignInMessage {
  if (text.includes('\r')) throw malformed('lines must end with \\n only');
  const lines = text.split('\n');
  const header = HEADER.exec(lines[0]);
  if (header === null)
    throw malformed('the first line must be "<domain> wants you to sign in with your Ethereum account:"');
  const address = lines[1] ?? '';
  if (!ADDRESS.test(address)) throw malformed('the second line must be the signing address (0x… or a Tron T… address)');
  if (lines[2] !== '') throw malformed('a blank line must follow the address');

  let at = 3;
  let statement: string | null = null;
  if (lines[at] === '') {
    at += 1;
  } else if (lines[at] !== undefined && !lines[at].startsWith('URI: ')) {
    statement = lines[at];
    if (lines[at + 1] !== '') throw malformed('a blank line must follow the statement');
    at += 2;
  }

  const fields = new Map<string, string>();
  for (const name of [...REQUIRED_FIELDS, ...OPTIONAL_FIELDS]) {
    const line = lines[at];
    const prefix = `${name}: `;
    if (line !== undefined && line.startsWith(prefix)) {
      fields.set(name, line.slice(prefix.length));
      at += 1;
    } else if ((REQUIRED_FIELDS as readonly string[]).includes(name)) {
      throw malformed(`"${prefix}…" is missing or out of order`);
    }
  }
  const resources: string[] = [];
  if (lines[at] === 'Resources:') {
    at += 1;
    while (lines[at]?.startsWith('- ')) resources.push(lines[at++].slice(2));
  }
  if (at !== lines.length) throw malformed(`unexpected line ${at + 1}`);

  const uri = fields.get('URI')!;
  if (!URL.canParse(uri)) throw malformed('URI must be an absolute URI');
  const chainId = fields.get('Chain ID')!;
  if (!CHAIN_ID.test(chainId)) throw malformed('Chain ID must be a positive decimal integer');
  const nonce = fields.get('Nonce')!;
  if (!NONCE.test(nonce)) throw malformed('Nonce must be at least 8 letters and digits');
  const expirationTime = fields.get('Expiration Time');
  const notBefore = fields.get('Not Before');
  return {
    scheme: header[1] ?? null,
    domain: header[2],
    address,
    statement,
    uri,
    version: fields.get('Version')!,
    chainId,
    nonce,
    issuedAt: dateTime(fields.get('Issued At')!, 'Issued At'),
    expirationTime: expirationTime === undefined ? null : dateTime(expirationTime, 'Expiration Time'),
    notBefore: notBefore === undefined ? null : dateTime(notBefore, 'Not Before'),
    requestId: fields.get('Request ID') ?? null,
    resources,
  };
}
