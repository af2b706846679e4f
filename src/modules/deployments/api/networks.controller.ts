import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorResponseDto } from '../../../shared/http/error-response.dto';
import { CatalogService } from '../../catalog/catalog.service';
import { AccountScoped, Requires } from './access.guard';

export class NetworkResponseDto {
  @ApiProperty({ example: '1' })
  chainId: string;

  @ApiProperty({ example: 'Ethereum' })
  name: string;

  @ApiProperty({ example: 'ETH', description: 'Symbol of the native coin' })
  coin: string;

  @ApiProperty({ example: false })
  isTestnet: boolean;

  @ApiProperty({ example: true })
  isActive: boolean;

  @ApiProperty({ example: false })
  isTron: boolean;

  @ApiProperty({ type: String, nullable: true, example: 'https://etherscan.io/tx/{txHash}' })
  transactionExplorerUrl: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://etherscan.io/address/{address}' })
  addressExplorerUrl: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://etherscan.io/token/{tokenAddress}' })
  tokenExplorerUrl: string | null;

  @ApiProperty({ example: 12, description: 'Confirmations after which a transaction is CONFIRMED' })
  requiredConfirmations: number;
}

export class NetworksResponseDto {
  @ApiProperty({ type: [NetworkResponseDto] })
  items: NetworkResponseDto[];
}

/** The networks of the catalog (docs/contract.md, Accounts and networks), for any authenticated caller. */
@ApiTags('networks')
@AccountScoped()
@Controller('api/v1/networks')
export class NetworksController {
  constructor(private readonly catalog: CatalogService) {}

  @Get()
  @Requires('read')
  @ApiOperation({ operationId: 'NetworksController_findAll_v1', summary: 'Supported networks' })
  @ApiOkResponse({ type: NetworksResponseDto })
  @ApiResponse({ status: 400, description: 'An unknown query parameter', type: ErrorResponseDto })
  findAll(): NetworksResponseDto {
    return {
      items: this.catalog.listNetworks().map((network) => ({
        chainId: network.chainId,
        name: network.name,
        coin: this.catalog.currenciesOfChain(network.chainId).find((currency) => currency.isNative)?.symbol ?? '',
        isTestnet: network.isTestnet,
        isActive: network.isActive,
        isTron: network.networkType === 'tvm',
        transactionExplorerUrl: network.transactionExplorerUrl,
        addressExplorerUrl: network.addressExplorerUrl,
        tokenExplorerUrl: network.tokenExplorerUrl,
        requiredConfirmations: network.requiredConfirmations,
      })),
    };
  }
}
