import type { EntityManager } from 'typeorm';
import { Address } from '../../../shared/domain/address';
import { Deployment } from '../domain/deployment';
import { DEPLOYMENT_COLUMNS, deploymentFromRow, DeploymentRow } from '../infrastructure/typeorm-deployment.repository';

/**
 * Row locks on a deployment for other contexts' transactions. Whoever changes a deployment's signers
 * or nonces (execution events) takes FOR UPDATE; whoever decides something from them (counting
 * signatures, choosing a nonce) takes FOR SHARE or FOR UPDATE, so both see one consistent state.
 * Lock order everywhere: the deployment first, then its operations.
 */
export async function lockDeployment(
  manager: EntityManager,
  id: string,
  mode: 'update' | 'share',
): Promise<Deployment | undefined> {
  const rows: DeploymentRow[] = await manager.query(
    `SELECT ${DEPLOYMENT_COLUMNS} FROM deployments d WHERE d.id = $1 ${mode === 'update' ? 'FOR UPDATE' : 'FOR SHARE'}`,
    [id],
  );
  return rows[0] && deploymentFromRow(rows[0]);
}

/** The deployment an event names (any address form), locked FOR UPDATE; undefined when not ours. */
export async function lockDeploymentByAddress(
  manager: EntityManager,
  chainId: string,
  address: string,
): Promise<Deployment | undefined> {
  const parsed = Address.tryParseAny(address);
  if (parsed === undefined) return undefined;
  const rows: DeploymentRow[] = await manager.query(
    `SELECT ${DEPLOYMENT_COLUMNS} FROM deployments d WHERE d.chain_id = $1 AND d.address_hex = $2 FOR UPDATE`,
    [chainId, parsed.hex20],
  );
  return rows[0] && deploymentFromRow(rows[0]);
}

/** Writes back what executions change: signers, threshold and nonces. The row must be locked. */
export async function saveDeploymentExecutionState(manager: EntityManager, deployment: Deployment): Promise<void> {
  await manager.query(
    `UPDATE deployments
        SET approvers = $2, threshold = $3, current_nonce = $4, last_executed_nonce = $5, updated_at = now()
      WHERE id = $1`,
    [
      deployment.id,
      deployment.approvers.map((approver) => approver.hex20),
      deployment.threshold,
      deployment.currentNonce.toString(),
      deployment.lastExecutedNonce < 0n ? null : deployment.lastExecutedNonce.toString(),
    ],
  );
}
