import { DomainError } from '../../../shared/domain/domain-error';

export const DEPLOYMENT_STATUSES = ['not_deployed', 'pending', 'deployed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** Which status may follow which. A failed deploy transaction sends a pending wallet back. */
export const DEPLOYMENT_TRANSITIONS: Readonly<Record<DeploymentStatus, readonly DeploymentStatus[]>> = {
  not_deployed: ['pending', 'deployed'],
  pending: ['deployed', 'not_deployed'],
  deployed: [],
};

export function assertDeploymentTransition(from: DeploymentStatus, to: DeploymentStatus): void {
  if (from !== to && !DEPLOYMENT_TRANSITIONS[from].includes(to)) {
    throw DomainError.invalid('DEPLOYMENT_STATUS_TRANSITION', `Deployment status cannot change from ${from} to ${to}`);
  }
}
