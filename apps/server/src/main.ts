import type { AddressInfo } from 'node:net';
import { keepGeneratedAdminPassword } from './bootstrap/admin-password-file';
import { devToolsWarning } from './bootstrap/dev-tools-warning';
import { demoPayCommand, localUrlOf, removeServerFile, writeServerFile } from './bootstrap/local-server-file';
import { startupBanner } from './bootstrap/startup-banner';
import { ConfigError, loadConfig } from './config';
import { startRuntime } from './server-runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await startRuntime(config);
  const { app } = runtime;
  // Kept before listening: a start that then fails (a port in use) must not lose the password.
  const generatedPassword = runtime.bootstrap.rootAdmin.generatedPassword;
  const adminPasswordFile = generatedPassword ? keepGeneratedAdminPassword(config.dataDir, generatedPassword) : null;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    removeServerFile(config.dataDir);
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await runtime.stop();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const localUrl = localUrlOf(app.server.address() as AddressInfo);
  writeServerFile(config.dataDir, localUrl);
  console.log(
    startupBanner(config.publicUrl, runtime.bootstrap, config.devToolsEnabled, {
      adminPasswordFile,
      demoPayCommand: config.chain.demoChain ? demoPayCommand(localUrl, config.dataDir) : null,
    }),
  );
  const exposedDevTools = devToolsWarning(config);
  if (exposedDevTools) console.warn(exposedDevTools);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
