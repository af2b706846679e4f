import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseRunAs } from './embedded-postgres';

const users: Record<string, { uid: number; gid: number }> = {
  postgres: { uid: 101, gid: 104 },
  nobody: { uid: 65534, gid: 65534 },
};

describe('the user the embedded PostgreSQL runs as when started by root', () => {
  it('is the owner of an existing cluster first, so a cluster keeps running as its owner', () => {
    expect(
      chooseRunAs({ clusterOwner: { uid: 1000, gid: 1000 }, folderOwner: { uid: 0, gid: 0 }, lookup: (n) => users[n] }),
    ).toMatchObject({ uid: 1000, gid: 1000 });
  });

  it("is the data folder's owner when that is not root", () => {
    expect(
      chooseRunAs({ clusterOwner: undefined, folderOwner: { uid: 1001, gid: 1001 }, lookup: (n) => users[n] }),
    ).toMatchObject({ uid: 1001 });
  });

  it('is an existing postgres user, else nobody, for a folder root owns', () => {
    const rootFolder = { clusterOwner: undefined, folderOwner: { uid: 0, gid: 0 } };
    expect(chooseRunAs({ ...rootFolder, lookup: (n) => users[n] })).toMatchObject({ name: 'postgres', uid: 101 });
    expect(chooseRunAs({ ...rootFolder, lookup: (n) => (n === 'nobody' ? users.nobody : undefined) })).toMatchObject({
      name: 'nobody',
      uid: 65534,
    });
  });

  it('refuses, saying what to do, when there is no unprivileged user at all', () => {
    expect(() =>
      chooseRunAs({ clusterOwner: undefined, folderOwner: { uid: 0, gid: 0 }, lookup: () => undefined }),
    ).toThrow(/run npm start as an ordinary user.*or set DATABASE_URL/);
  });

  it("never changes the machine's users", () => {
    const source = readFileSync(join(__dirname, 'embedded-postgres.ts'), 'utf8');
    expect(source).not.toMatch(/\b(useradd|adduser|groupadd|addgroup|usermod)\b/);
  });
});
