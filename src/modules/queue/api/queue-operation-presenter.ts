import { Injectable } from '@nestjs/common';
import type { QueueOperationView } from '../domain/queue-operation';
import type { QueuePage, SignatureResult } from '../application/queue.service';
import {
  DeploymentQueueResponseDto,
  QueueOperationResponseDto,
  SignatureResponseDto,
} from './queue-operation-response.dto';

/**
 * Maps queue results to the contract's DTOs. The operation's caller-specific view is computed by the
 * aggregate (`QueueOperation.viewFor`: who may sign, execute, delete) already in wire form, and
 * `QueueOperationResponseDto implements QueueOperationView` keeps the two in step, so presenting is
 * choosing the DTO, not copying fields.
 */
@Injectable()
export class QueueOperationPresenter {
  present(view: QueueOperationView): QueueOperationResponseDto {
    return view;
  }

  presentPage(page: QueuePage): DeploymentQueueResponseDto {
    return page;
  }

  presentSignature(result: SignatureResult): SignatureResponseDto {
    return result;
  }
}
