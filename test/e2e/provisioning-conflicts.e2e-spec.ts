import { DeploymentsService } from '../../src/modules/deployments/application/deployments.service';
import { MembersService } from '../../src/modules/auth/application/members.service';
import { createDeployment, evmWallet } from '../support/builders';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The unique violations the repositories map to domain conflicts (members, deployments): the
 * database decides, so concurrent creates give exactly one success and conflicts for the rest.
 */
describe('provisioning conflicts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a member address is taken once, even by concurrent creates (MEMBER_EXISTS)', async () => {
    const { address } = evmWallet();
    const members = t.app.get(MembersService);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => members.createMember(address)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(outcome.reason).toMatchObject({
        kind: 'conflict',
        code: 'MEMBER_EXISTS',
        message: `A member with address ${address} already exists`,
      });
    }
  });

  it('a contract address on a chain belongs to one deployment (DEPLOYMENT_EXISTS)', async () => {
    const d = await createDeployment(t);
    const service = t.app.get(DeploymentsService);
    const again = {
      accountId: d.accountId,
      chainId: d.chainId,
      address: d.address,
      smartContractVersionId: '1.2.0-evm',
      approvers: d.approvers.map((member) => member.address),
      threshold: d.threshold,
    };
    const outcomes = await Promise.allSettled([service.createDeployment(again), service.createDeployment(again)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    for (const outcome of outcomes as PromiseRejectedResult[]) {
      expect(outcome.reason).toMatchObject({
        kind: 'conflict',
        code: 'DEPLOYMENT_EXISTS',
        message: `A deployment at ${d.address} on chain ${d.chainId} already exists`,
      });
    }
  });
});
