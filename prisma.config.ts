// Prisma CLI configuration. Only `prisma generate` is used here: migrations are SQL files
// applied by libs/db's own migrator (see docs/decisions.md), so no datasource URL is needed.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
