import path from 'node:path';
import { demoDepositXpub } from '../config/chain-config';
import { demoTreasuryAddress } from '../config/withdrawals-config';

export interface ProductionServerSpec {
  databaseUrl: string;
  port: number;
  dataDir: string;
  jwtSecret: string;
  webConcurrency: number;
  logLevel: string;
}

/**
 * The environment of `npm start`'s entry point in production mode on a loopback port, for tests
 * and benches that run the real server process. The outside services are unreachable addresses:
 * nothing started this way calls them (the deposit scan waits an hour; no exchange call is made).
 */
export function productionServerEnvironment(spec: ProductionServerSpec): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    WEB_CONCURRENCY: String(spec.webConcurrency),
    REDIS_URL: 'redis://127.0.0.1:6379',
    DATABASE_URL: spec.databaseUrl,
    PORT: String(spec.port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${spec.port}`,
    DATA_DIR: spec.dataDir,
    WEB_DIST_DIR: path.join(spec.dataDir, 'no-web-build'),
    JWT_SECRET: spec.jwtSecret,
    DEPOSIT_XPUB: demoDepositXpub,
    TREASURY_ADDRESSES: demoTreasuryAddress,
    ADMIN_EMAIL: 'root@uplink.test',
    ADMIN_PASSWORD: 'Root!Pass12345',
    BSC_RPC_URL: 'http://127.0.0.1:9',
    DEPOSIT_SCAN_INTERVAL_MS: '3600000',
    BINGX_API_KEY: 'unused',
    BINGX_API_SECRET: 'unused',
    BINGX_BASE_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: spec.logLevel,
  };
}
