import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { generatePrivateKey, privateKeyToAccount, PrivateKeyAccount } from 'viem/accounts';
import { createBase58check } from '@scure/base';
import { sha256 } from 'viem';
import { MembersService } from '../../src/modules/auth/application/members.service';
import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import { DeploymentStatus } from '../../src/modules/deployments/domain/deployment-status';
import type { TestApp } from './test-app';

const base58check = createBase58check((data: Uint8Array) => sha256(data, 'bytes'));

export const TRON_MAINNET = '728126428';

/** A wallet with a real private key, so tests can sign what the service must verify. */
export interface TestWallet {
  readonly account: PrivateKeyAccount;
  /** EVM checksum address, or Tron base58 for `tron` wallets. */
  readonly address: string;
}

export function evmWallet(): TestWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  return { account, address: account.address };
}

export function tronWallet(): TestWallet {
  const account = privateKeyToAccount(generatePrivateKey());
  const bytes = Buffer.concat([Buffer.from([0x41]), Buffer.from(account.address.slice(2), 'hex')]);
  return { account, address: base58check.encode(bytes) };
}

export interface TestMember {
  readonly wallet: TestWallet;
  readonly address: string;
  readonly apiKey: string;
  readonly apiSecret: string;
}

export async function createMember(t: TestApp, wallet: TestWallet = evmWallet()): Promise<TestMember> {
  const issued = await t.app.get(MembersService).createMember(wallet.address);
  return { wallet, ...issued };
}

export interface TestDeployment {
  readonly id: string;
  readonly accountId: string;
  readonly chainId: string;
  readonly address: string;
  /** Members of the account; the first `approvers` of them are the approvers. */
  readonly members: TestMember[];
  readonly approvers: TestMember[];
  readonly threshold: number;
}

/**
 * An account with `memberCount` members and a deployment whose approvers are the first
 * `approverCount` of them. Tron chains get Tron wallets.
 */
export async function createDeployment(
  t: TestApp,
  options: {
    chainId?: string;
    version?: string;
    memberCount?: number;
    approverCount?: number;
    threshold?: number;
    nonce?: string;
    status?: DeploymentStatus;
    /** The account's contract; null lets the configured factory compute it. Default: a random address. */
    contractAddress?: string | null;
  } = {},
): Promise<TestDeployment> {
  const chainId = options.chainId ?? '1';
  const isTron = chainId === TRON_MAINNET || chainId === '2494104990';
  const version = options.version ?? (isTron ? `1.2.0-tvm-${chainId}` : '1.2.0-evm');
  const newWallet = isTron ? tronWallet : evmWallet;
  const members = await Promise.all(
    Array.from({ length: options.memberCount ?? 3 }, () => createMember(t, newWallet())),
  );
  const approvers = members.slice(0, options.approverCount ?? members.length);
  const threshold = options.threshold ?? Math.min(2, approvers.length);
  const service = t.app.get(DeploymentsService);
  const account = await service.createAccount({
    name: 'Test team',
    members: members.map((member) => member.address),
    smartContractVersionId: version,
    approvers: approvers.map((member) => member.address),
    threshold,
    // Tests run without CHAIN_CONTRACTS unless they set it; then the factory decides the address.
    address: options.contractAddress === null ? undefined : (options.contractAddress ?? newWallet().address),
  });
  const { id } = await service.createDeployment({
    accountId: account.id,
    chainId,
    nonce: options.nonce,
    status: options.status,
  });
  return { id, accountId: account.id, chainId, address: account.contract, members, approvers, threshold };
}

/** An access token of the token service for `member`, as a JWT caller presents it. */
export async function jwtFor(t: TestApp, member: TestMember): Promise<string> {
  const [{ id }]: { id: string }[] = await t.dataSource.query(`SELECT id FROM members WHERE address = $1`, [
    member.address,
  ]);
  const sid = randomUUID();
  await t.dataSource.query(
    `INSERT INTO auth_sessions (id, member_id, refresh_jti, refresh_expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
    [sid, id, randomUUID()],
  );
  return t.app
    .get(JwtService)
    .signAsync({ token_type: 'access', jti: randomUUID(), user_id: id, sid }, { expiresIn: 600 });
}
