import { TrackingIdField, UrlField } from '../../../shared/http/body-fields';
import { CurrencyIdField, OptionalNonceField, PayoutAmountField, RequiredString } from './payout-fields';

export class CreatePayoutDto {
  @RequiredString({
    description: 'Must equal the deploymentId of the path',
    example: '01890a5d-ac96-774b-bcce-b302099a8057',
    maxLength: 64,
  })
  deploymentId: string;

  @CurrencyIdField()
  currencyId: string;

  @PayoutAmountField()
  amount: string;

  @RequiredString({
    description: "Recipient, valid for the deployment's network (EVM 0x…, Tron base58 T… or 41… hex)",
    example: '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4',
    maxLength: 64,
  })
  toAddress: string;

  @TrackingIdField()
  trackingId?: string | null;

  @UrlField(false, 'Where the client wants to hear about this payout')
  callbackUrl?: string | null;

  @OptionalNonceField()
  nonce?: string;
}
