export const DEPLOYMENT_STATUSES = ['not_deployed', 'pending', 'deployed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** Which status may follow which. A failed deploy transaction sends a pending wallet back. */
export const DEPLOYMENT_TRANSITIONS: Readonly<Record<DeploymentStatus, readonly DeploymentStatus[]>> = {
  not_deployed: ['pending', 'deployed'],
  pending: ['deployed', 'not_deployed'],
  deployed: [],
};

/**
 * Whether `to` may follow `from`. The status only changes through chain events, which may arrive
 * out of order, so a report that is not a legal move is ignored rather than an error.
 */
export function canDeploymentTransition(from: DeploymentStatus, to: DeploymentStatus): boolean {
  return DEPLOYMENT_TRANSITIONS[from].includes(to);
}
