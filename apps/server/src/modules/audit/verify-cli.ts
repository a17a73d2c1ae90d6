// `npm run audit:verify`: walks every audit chain of the configured database (DATABASE_URL,
// or the PGlite data directory when the server is not running) and prints, per chain, its head
// or its first broken link.
import { ConfigError, loadConfig } from '../../config';
import { createDb } from '../../db/client';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { verifyAuditChain } from './verify';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const result = await verifyAuditChain(database.db);
    for (const chain of result.chains) {
      if (chain.ok) console.log(`Audit chain ${chain.chain} intact: ${chain.rows} rows, head ${chain.headHash}`);
      else
        console.error(
          `Audit chain ${chain.chain} BROKEN at row ${chain.brokenAt} (seq): ${chain.reason} (${chain.rows} rows verified before it)`,
        );
    }
    if (result.ok) console.log(`Audit trail intact: ${result.rows} rows in ${result.chains.length} chain(s)`);
    return result.ok ? 0 : 2;
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
