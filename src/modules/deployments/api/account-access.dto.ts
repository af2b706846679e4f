import { NoFormatCharacters } from '../../../shared/http/body-fields';
import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
} from 'class-validator';
import { ROLES, SCOPES } from '../../auth/application/access-policy';
import type { Role, Scope } from '../../auth/application/access-policy';

export class MemberResponseDto {
  @ApiProperty({ example: '0x52908400098527886E0F7030069857D2E4169EE7' })
  address: string;

  @ApiProperty({ enum: ROLES })
  role: Role;

  @ApiProperty({ format: 'date-time' })
  addedAt: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Who added the member; null when added from the command line',
  })
  addedBy: string | null;

  @ApiProperty({
    type: [String],
    example: ['1'],
    description: "Chain ids of the account's deployments the member approves on",
  })
  approverOn: string[];
}

export class AddMemberDto {
  @ApiProperty({ example: '0x52908400098527886E0F7030069857D2E4169EE7', description: 'EVM or Tron address' })
  @IsString({ message: 'address must be a string' })
  @Length(1, 128, { message: 'address must be 1 to 128 characters' })
  address: string;

  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role: Role;
}

export class UpdateMemberRoleDto {
  @ApiProperty({ enum: ROLES })
  @IsIn(ROLES, { message: `role must be one of ${ROLES.join(', ')}` })
  role: Role;
}

export class CreateApiKeyDto {
  @ApiProperty({ example: 'shop server', minLength: 1, maxLength: 64 })
  @IsString({ message: 'name must be a string' })
  @Length(1, 64, { message: 'name must be 1 to 64 characters' })
  @Matches(/\S/, { message: 'name must not be blank' })
  @NoFormatCharacters()
  name: string;

  @ApiProperty({ enum: SCOPES, isArray: true, minItems: 1, example: ['invoices:write'] })
  @IsArray({ message: 'scopes must be an array' })
  @ArrayMinSize(1, { message: 'scopes must name at least one scope' })
  @ArrayUnique({ message: 'scopes must not repeat a scope' })
  @IsIn(SCOPES, { each: true, message: `each scope must be one of ${SCOPES.join(', ')}` })
  scopes: Scope[];

  @ApiProperty({
    type: [String],
    format: 'uuid',
    required: false,
    minItems: 1,
    maxItems: 100,
    description: 'Limits the key to these deployments of the account; absent: all of them',
  })
  @IsOptional()
  @IsArray({ message: 'deploymentIds must be an array' })
  @ArrayMinSize(1, { message: 'deploymentIds must name at least one deployment (omit it for all)' })
  @ArrayMaxSize(100, { message: 'deploymentIds must name at most 100 deployments' })
  @IsUUID('all', { each: true, message: 'each deploymentId must be a UUID' })
  deploymentIds?: string[];

  @ApiProperty({ required: false, format: 'date-time', description: 'When the key stops working; in the future' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'expiresAt must be an ISO 8601 date-time' })
  expiresAt?: string;
}

export class ApiKeyResponseDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ description: "The owner's address" })
  owner: string;

  @ApiProperty({ enum: SCOPES, isArray: true })
  scopes: Scope[];

  @ApiProperty({ type: [String], nullable: true, description: 'null: every deployment of the account' })
  deploymentIds: string[] | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Updated at most once a minute' })
  lastUsedAt: string | null;

  @ApiProperty({ description: 'The first 8 characters of the key', example: '3f9a0c1e' })
  keyPrefix: string;
}

export class ApiKeyCreatedDto extends ApiKeyResponseDto {
  @ApiProperty({ description: 'Shown once: the x-api-key header value and the token service login' })
  apiKey: string;

  @ApiProperty({ description: 'Shown once: the token service password' })
  apiSecret: string;
}
