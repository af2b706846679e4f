import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, IsUUID } from 'class-validator';

/** A required UUID query parameter. */
export function IsUuidQuery(description: string): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ type: String, format: 'uuid', description }),
    IsDefined({ message: (args) => `${args.property} is required` }),
    IsString({ message: (args) => `${args.property} must be a single string` }),
    IsUUID('all', { message: (args) => `${args.property} must be a UUID` }),
  );
}
