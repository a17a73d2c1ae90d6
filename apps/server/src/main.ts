import { buildApp, openDatabase, prepareDatabase } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseConnectError } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase(config);
  await prepareDatabase(database, config);
  const app = await buildApp(config, { database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let in-flight requests finish, then close the database.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: app.database.kind, demoMode: config.demoMode, webApp: config.webDistDir },
    `Meridian listening on ${config.publicUrl}`,
  );
}

main().catch((error: unknown) => {
  const known = error instanceof DataDirLockedError || error instanceof DatabaseConnectError;
  console.error('Meridian failed to start:', known ? error.message : error);
  process.exit(1);
});
