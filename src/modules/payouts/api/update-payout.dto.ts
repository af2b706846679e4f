import { TrackingIdField, UrlField } from '../../../shared/http/body-fields';

/** PATCH (17): at least one key; null clears the field, an absent key leaves it. */
export class UpdatePayoutDto {
  @TrackingIdField()
  trackingId?: string | null;

  @UrlField(false, 'Where the client wants to hear about this payout')
  callbackUrl?: string | null;
}
