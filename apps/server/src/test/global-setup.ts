import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../app';
import { createDb } from '../db/client';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated, demo-seeded PGlite data directory (tar) every test app is cloned from. */
    pgliteTemplatePath: string | undefined;
  }
}

// Built once per run instead of once per test file: initdb + migrations + seed cost seconds.
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplatePath', undefined);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'meridian-pglite-template-'));
  const database = await createDb({});
  // The same template as harness.ts builds: demo data without demo market activity.
  await prepareDatabase(database, { demoMode: true, demoActivity: false });
  const blob = await database.dump!();
  await database.close();
  const path = join(dir, 'template.tar');
  writeFileSync(path, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplatePath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}
