// Proves that the module-boundary lint really bites: code that breaks the architecture is
// linted as it would be in its project, and must fail.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@nx/enforce-module-boundaries' || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('module boundaries', () => {
  it('when libs/domain imports @prisma/client then the lint fails', async () => {
    const errors = await boundaryErrors('libs/domain/src/probe.ts', "import { PrismaClient } from '@prisma/client';\nexport const c = PrismaClient;\n");
    expect(errors.join('\n')).toMatch(/@prisma\/client/);
  });

  it.each([['express'], ['node:fs'], ['pino'], ['pg']])('when libs/domain imports %s then the lint fails', async (module) => {
    const errors = await boundaryErrors('libs/domain/src/probe.ts', `import * as m from '${module}';\nexport const x = m;\n`);
    expect(errors.length).toBeGreaterThan(0);
  });

  it('when libs/domain imports the data-access lib then the lint fails', async () => {
    const errors = await boundaryErrors('libs/domain/src/probe.ts', "import { migrate } from '@oms/db';\nexport const m = migrate;\n");
    expect(errors.length).toBeGreaterThan(0);
  });

  it.each([['@oms/rest-api'], ['../../../apps/rest-api/src/create-app.js']])(
    'when a lib imports an app as %s then the lint fails',
    async (specifier) => {
      const errors = await boundaryErrors('libs/db/src/probe.ts', `import { createApp } from '${specifier}';\nexport const a = createApp;\n`);
      expect(errors.length).toBeGreaterThan(0);
    },
  );

  it('when an app\'s production code imports the test helpers then the lint fails', async () => {
    const errors = await boundaryErrors('apps/rest-api/src/probe.ts', "import { freePort } from '@oms/testing';\nexport const f = freePort;\n");
    expect(errors.join('\n')).toMatch(/tests only/);
  });

  it('when an app\'s test imports the test helpers then the lint passes', async () => {
    const errors = await boundaryErrors('apps/rest-api/test/probe.test.ts', "import { freePort } from '@oms/testing';\nexport const f = freePort;\n");
    expect(errors).toEqual([]);
  });

  it('when a lib\'s spec imports the test helpers then the lint passes, and its production code fails', async () => {
    const code = "import { freePort } from '@oms/testing';\nexport const f = freePort;\n";
    expect(await boundaryErrors('libs/platform/src/probe.spec.ts', code)).toEqual([]);
    expect((await boundaryErrors('libs/platform/src/probe.ts', code)).join('\n')).toMatch(/tests only/);
  });

  it('when the domain imports only itself and node:crypto then the lint passes', async () => {
    const errors = await boundaryErrors('libs/domain/src/probe.ts', "import { createHash } from 'node:crypto';\nexport const h = createHash;\n");
    expect(errors).toEqual([]);
  });

  it('when the app imports the libs then the lint passes', async () => {
    const errors = await boundaryErrors('apps/rest-api/src/probe.ts', "import { AppError } from '@oms/domain';\nimport { migrate } from '@oms/db';\nexport const x = [AppError, migrate];\n");
    expect(errors).toEqual([]);
  });

  it.each([
    ['a REST route', 'apps/rest-api/src/routes/probe.ts'],
    ['a route of another app', 'apps/web/src/routes/probe.ts'],
    ['an MCP tool', 'libs/mcp-server/src/tools/probe.ts'],
  ])('when %s imports @oms/db then the lint fails', async (_what, file) => {
    const errors = await boundaryErrors(file, "import { findCommit } from '@oms/db';\nexport const f = findCommit;\n");
    expect(errors.join('\n')).toMatch(/one use case of @oms\/ontology-service/);
  });

  it('when a REST route imports the Prisma client then the lint fails', async () => {
    const errors = await boundaryErrors('apps/rest-api/src/routes/probe.ts', "import { PrismaClient } from '@prisma/client';\nexport const c = PrismaClient;\n");
    expect(errors.join('\n')).toMatch(/one use case of @oms\/ontology-service/);
  });

  it('when a REST route imports a use case then the lint passes, and the test helpers stay banned there', async () => {
    const useCase = "import { readOntology } from '@oms/ontology-service';\nexport const r = readOntology;\n";
    expect(await boundaryErrors('apps/rest-api/src/routes/probe.ts', useCase)).toEqual([]);
    const helpers = "import { freePort } from '@oms/testing';\nexport const f = freePort;\n";
    expect((await boundaryErrors('apps/rest-api/src/routes/probe.ts', helpers)).join('\n')).toMatch(/tests only/);
  });
});
