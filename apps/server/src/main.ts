import { startupBanner } from './bootstrap/startup-banner';
import { ConfigError, loadConfig } from './config';
import { startRuntime } from './server-runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await startRuntime(config);
  const { app } = runtime;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await runtime.stop();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  console.log(startupBanner(config.publicUrl, runtime.bootstrap, config.devToolsEnabled));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
