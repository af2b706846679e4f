import { Injectable } from '@nestjs/common';
import { CONTRACT_VERSIONS } from '../../catalog/seed/contract-versions';

export interface ContractVersionInfo {
  readonly id: string;
  /** `1.0.0`, `1.1.0`, … : decides how signatures are packed. */
  readonly version: string;
  readonly eip712Domain: { readonly name: string; readonly version: string };
}

/**
 * The queue's only view of the catalog. It reads the seed constants until the catalog branch's
 * `CatalogService` is merged; swapping this one class is all that takes.
 */
@Injectable()
export class CatalogLookup {
  contractVersion(id: string): Promise<ContractVersionInfo | undefined> {
    const found = CONTRACT_VERSIONS.find((candidate) => candidate.id === id);
    return Promise.resolve(found && { id: found.id, version: found.version, eip712Domain: found.eip712Domain });
  }
}
