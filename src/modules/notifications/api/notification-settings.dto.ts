import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsEmail, IsIn, IsString, Length, MaxLength } from 'class-validator';
import { IsHttpUrl, NullableKey } from '../../../shared/http/body-fields';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from '../domain/notification-event';
import type { NotificationChannel, NotificationEvent } from '../domain/notification-event';

/** The caller's own notification settings on one account (docs/notifications.md). */
export class NotificationSettingsDto {
  @ApiProperty({ type: String, nullable: true, format: 'email', maxLength: 254, example: 'approver@example.com' })
  @NullableKey(true)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  @MaxLength(254)
  email: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uri',
    maxLength: 2048,
    description:
      'A Slack incoming webhook (http or https, not a private address). Stored encrypted; answers show only its scheme and host.',
    example: 'https://hooks.slack.com/services/T000/B000/XXXX',
  })
  @NullableKey(true)
  @IsHttpUrl()
  @MaxLength(2048)
  slackWebhookUrl: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 64,
    description: 'The Telegram chat id (a string) the bot writes to',
    example: '123456789',
  })
  @NullableKey(true)
  @IsString({ message: 'telegramChatId must be a string' })
  @Length(1, 64)
  telegramChatId: string | null;

  @ApiProperty({
    enum: NOTIFICATION_EVENTS,
    isArray: true,
    description: 'The events to hear of; [] turns notifications off',
  })
  @IsArray()
  @ArrayMaxSize(NOTIFICATION_EVENTS.length)
  @IsIn(NOTIFICATION_EVENTS, { each: true, message: `each event must be one of ${NOTIFICATION_EVENTS.join(', ')}` })
  events: NotificationEvent[];
}

export class NotificationSettingsResponseDto extends NotificationSettingsDto {
  @ApiProperty({
    enum: NOTIFICATION_CHANNELS,
    isArray: true,
    description: 'The channels this server is configured for; the others are skipped',
  })
  availableChannels: NotificationChannel[];
}
