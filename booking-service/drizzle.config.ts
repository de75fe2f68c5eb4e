import { defineConfig } from 'drizzle-kit';

// Generation only (`drizzle-kit generate`): the service applies these migrations itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
