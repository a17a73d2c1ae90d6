// `npm run audit:verify`: walks the audit chain of the configured database (DATABASE_URL,
// or the PGlite data directory when the server is not running) and prints the first broken link.
import { ConfigError, loadConfig } from '../../config';
import { createDb } from '../../db/client';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { verifyAuditChain } from './verify';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await verifyAuditChain(database.db);
    if (result.ok) {
      console.log(`Audit chain intact: ${result.rows} rows, head ${result.headHash}`);
      return 0;
    }
    console.error(
      `Audit chain BROKEN at row ${result.brokenAt}: ${result.reason} (${result.rows} rows verified before it)`,
    );
    return 2;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else if (error instanceof DataDirLockedError)
      console.error(`${error.message}\nStop the server first, or point DATABASE_URL at PostgreSQL.`);
    else console.error(error);
    process.exit(1);
  },
);
