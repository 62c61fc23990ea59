import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../src/migrator.js';
import { createTestDatabase, type TestDatabase } from '../src/testing.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.dispose();
});

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'oms-migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

describe('migrator', () => {
  it('when the project migrations ran once then running them again applies nothing', async () => {
    expect(await db.migrate()).toEqual([]);
  });

  it('when new migrations exist then they are applied in name order, once', async () => {
    const dir = await migrationsDir({
      '20990102000000_second': 'INSERT INTO probe VALUES (2);',
      '20990101000000_first': 'CREATE TABLE probe (n int);',
    });
    expect(await migrate(db.sql, await readMigrations(dir))).toEqual(['20990101000000_first', '20990102000000_second']);
    expect(await migrate(db.sql, await readMigrations(dir))).toEqual([]);
    expect(await db.sql.query('SELECT n FROM probe')).toEqual([{ n: 2 }]);
  });

  it('when a migration fails then nothing of it is left behind', async () => {
    const dir = await migrationsDir({ '20990201000000_broken': 'CREATE TABLE half (n int); SELECT * FROM nowhere;' });
    await expect(migrate(db.sql, await readMigrations(dir))).rejects.toThrow();
    const rows = await db.sql.query(`SELECT to_regclass('half') AS t`);
    expect(rows).toEqual([{ t: null }]);
  });

  it('when an applied migration was edited then the migrator refuses to go on', async () => {
    const dir = await migrationsDir({ '20990101000000_first': 'CREATE TABLE probe (n bigint);' });
    await expect(migrate(db.sql, await readMigrations(dir))).rejects.toThrow(/changed after it was applied/);
  });
});
