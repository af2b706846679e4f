import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length, Matches } from 'class-validator';
import { MAX_SIGN_IN_MESSAGE_LENGTH } from '../domain/sign-in-message';

/** Longest signature read, in hex digits: room for a contract wallet's signature of several owners. */
export const MAX_SIGNATURE_HEX_DIGITS = 16_384;

export class NonceResponseDto {
  @ApiProperty({
    example: 'k3Jd9QwZpX2mV7rT8sL1nB4cY6hF0aEu',
    description: 'Put it on the message\'s "Nonce:" line. It works once, for 5 minutes.',
    pattern: '^[A-Za-z0-9]{16,}$',
  })
  nonce: string;

  @ApiProperty({ example: '2026-11-26T12:05:00.000Z', format: 'date-time' })
  expiresAt: string;
}

export class SignInDto {
  @ApiProperty({
    description:
      'The signed EIP-4361 (Sign-In with Ethereum) message, exactly as signed. Domain: the host of this service; ' +
      'URI on its origin; Version 1; a nonce from GET /api/v1/auth/nonce; Issued At within the last 5 minutes. ' +
      'Tron wallets sign the same text with their base58 address.',
    example:
      'pay.example.com wants you to sign in with your Ethereum account:\n0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266\n\n' +
      'Sign in to the treasury console\n\nURI: https://pay.example.com/console/\nVersion: 1\nChain ID: 1\n' +
      'Nonce: k3Jd9QwZpX2mV7rT8sL1nB4cY6hF0aEu\nIssued At: 2026-11-26T12:00:00.000Z',
    minLength: 1,
    maxLength: MAX_SIGN_IN_MESSAGE_LENGTH,
  })
  @IsString({ message: 'message must be a string' })
  @Length(1, MAX_SIGN_IN_MESSAGE_LENGTH, { message: `message must be 1 to ${MAX_SIGN_IN_MESSAGE_LENGTH} characters` })
  message: string;

  @ApiProperty({
    description:
      "0x-prefixed hex: the wallet's EIP-191 personal_sign signature (TIP-191 signMessageV2 for Tron), or what a " +
      'contract wallet (ERC-1271) approves.',
    example:
      '0xf16ea9a3478698f695fd1401bfe27e9e4a7e8e3da94aa72b021125e31fa899cc573c48ea3fe1d4ab61a9db10c19032026e3ed2dbccba5a178235ac27f94504311c',
    pattern: '^0x([0-9a-fA-F]{2})+$',
  })
  @IsString({ message: 'signature must be a string' })
  @Length(4, MAX_SIGNATURE_HEX_DIGITS + 2, { message: 'signature must be 1 to 8192 bytes of hex' })
  @Matches(/^0x([0-9a-fA-F]{2})+$/, { message: 'signature must be 0x followed by an even number of hex digits' })
  signature: string;
}

export class MembershipDto {
  @ApiProperty({ format: 'uuid' })
  accountId: string;

  @ApiProperty({ example: 'Treasury' })
  accountName: string;

  @ApiProperty({ enum: ['ADMIN', 'OPERATOR', 'VIEWER'], example: 'ADMIN' })
  role: string;
}

export class SessionDto {
  @ApiProperty({
    example: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    description: 'The signed-in member (EIP-55, or Tron base58)',
  })
  address: string;

  @ApiProperty({
    example: '2026-11-26T20:00:00.000Z',
    format: 'date-time',
    description: 'When the session ends (SESSION_TTL after sign-in; never extended)',
  })
  expiresAt: string;

  @ApiProperty({
    description: 'Send it as X-CSRF-Token on every POST, PUT, PATCH and DELETE authenticated by the session cookie',
    example: 'pQ3y1x0kq3o7cN9fW2bq2xF4m2YJk6W1a3s8d5f0g9h',
  })
  csrfToken: string;

  @ApiProperty({ type: [MembershipDto] })
  memberships: MembershipDto[];
}

export class SignOutResponseDto {
  @ApiProperty({ example: true })
  signedOut: boolean;
}
