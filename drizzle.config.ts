import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'turso',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  dbCredentials: {
    url: process.env['DATABASE_URL'] ?? 'file:./data/energy.db',
    ...(process.env['DATABASE_AUTH_TOKEN'] ? { authToken: process.env['DATABASE_AUTH_TOKEN'] } : {}),
  },
});
