import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { DomainError } from '../../../shared/domain/domain-error';
import { uuidv7 } from '../../../shared/domain/ids';
import { cliActor } from '../../audit/application/audit-actor';
import { AuditLog } from '../../audit/application/audit-log';
import { CatalogService } from '../../catalog/catalog.service';
import { MemberCredentialsRecord, MemberRecord, MemberRepository } from '../domain/member.repository';
import type { EntityManager } from 'typeorm';
import { apiKeyDigest, DUMMY_SECRET_HASH, hashSecret, newCredentials, verifySecret } from '../domain/secrets';

export interface IssuedCredentials {
  readonly address: string;
  readonly apiKey: string;
  readonly apiSecret: string;
}

/** Members and their API credentials: provisioning (CLI) and credential checks (guard, token service). */
@Injectable()
export class MembersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MemberRepository,
    private readonly catalog: CatalogService,
    private readonly audit: AuditLog,
  ) {}

  async createMember(addressInput: string): Promise<IssuedCredentials> {
    const address = parseMemberAddress(addressInput);
    const credentials = newCredentials();
    const secretHash = await hashSecret(credentials.apiSecret);
    await this.dataSource.transaction((manager) =>
      this.members.create(manager, uuidv7(), address, apiKeyDigest(credentials.apiKey), secretHash),
    );
    return { address: address.display, ...credentials };
  }

  /**
   * Both credentials change in one statement: the old pair stops working at once. Run from the
   * server's shell (`member:regenerate-credentials`): the audit log of each of the member's
   * accounts records it as done through the CLI.
   */
  async regenerateCredentials(addressInput: string): Promise<IssuedCredentials> {
    const member = await this.requireMember(addressInput);
    const credentials = newCredentials();
    const secretHash = await hashSecret(credentials.apiSecret);
    await this.dataSource.transaction(async (manager) => {
      await this.members.replaceCredentials(manager, member.id, apiKeyDigest(credentials.apiKey), secretHash);
      await this.audit.recordInAccountsOf(manager, member.id, {
        action: 'CREDENTIALS_REGENERATED',
        actor: cliActor(member.address),
        target: { type: 'member', id: member.address },
      });
    });
    return { address: member.address, ...credentials };
  }

  /** Returns the currency id as stored (EVM addresses inside it lowercased). */
  async hideCurrency(addressInput: string, currencyIdInput: string): Promise<string> {
    const currencyId = this.requireCurrencyId(currencyIdInput);
    const member = await this.requireMember(addressInput);
    await this.members.hideCurrency(member.id, currencyId);
    return currencyId;
  }

  async showCurrency(addressInput: string, currencyIdInput: string): Promise<string> {
    const currencyId = this.requireCurrencyId(currencyIdInput);
    const member = await this.requireMember(addressInput);
    await this.members.showCurrency(member.id, currencyId);
    return currencyId;
  }

  hiddenCurrencies(memberId: string): Promise<string[]> {
    return this.members.hiddenCurrencies(memberId);
  }

  /**
   * The token service's login check. An unknown login still costs one scrypt hash, so the two
   * failures cannot be told apart by timing (docs/authentication.md).
   */
  async verifyLogin(login: string, password: string): Promise<MemberCredentialsRecord | undefined> {
    const member = await this.members.findByApiKeyDigest(apiKeyDigest(login));
    const valid = await verifySecret(password, member?.apiSecretHash ?? DUMMY_SECRET_HASH);
    return member !== undefined && valid ? member : undefined;
  }

  /**
   * The member of an address, created without credentials when the address is not a member of the
   * service yet (it signs in with its wallet), in the caller's transaction.
   */
  ensureMember(manager: EntityManager, address: Address): Promise<MemberRecord> {
    return this.members.ensure(manager, uuidv7(), address);
  }

  /** False on a database nobody has provisioned yet (demo data is created only then). */
  hasMembers(): Promise<boolean> {
    return this.members.anyExists();
  }

  async findMembers(addresses: readonly Address[]): Promise<MemberRecord[]> {
    return this.members.findByAddresses(addresses);
  }

  async requireMember(addressInput: string): Promise<MemberRecord> {
    const member = await this.members.findByAddress(parseMemberAddress(addressInput));
    if (member === undefined) throw DomainError.notFound('MEMBER_NOT_FOUND', `No member with address ${addressInput}`);
    return member;
  }

  /**
   * A currency id of the catalog (docs/api-conventions.md): `{chainId}` or `{chainId}-{address}`, the EVM address in
   * any letter case. Returns the id as the catalog stores it (EVM addresses lowercase).
   */
  private requireCurrencyId(input: string): string {
    const id = input.trim();
    if (!/^[0-9]+(?:-.+)?$/.test(id)) {
      throw DomainError.field(
        'currency',
        'currency must be {chainId} or {chainId}-{contractAddress}',
        'INVALID_CURRENCY_ID',
      );
    }
    const currency = this.catalog.findCurrency(id);
    if (currency === undefined) throw DomainError.notFound('CURRENCY_NOT_FOUND', `No currency ${input}`);
    return currency.id;
  }
}

export function parseMemberAddress(input: string): Address {
  const address = Address.tryParseAny(input);
  if (address === undefined) {
    throw DomainError.field(
      'address',
      'address must be an EVM address (0x + 40 hex) or a Tron address (base58 T…)',
      'INVALID_ADDRESS',
    );
  }
  return address;
}
