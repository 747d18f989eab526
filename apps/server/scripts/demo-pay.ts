import path from 'node:path';
import { readServerFile } from '../src/bootstrap/local-server-file';
import { runOperatorCommand, UsageError } from '../src/operator-command';
import { defaultDataDir } from '../src/server-folders';

/**
 * Pays a member's subscription on the local demo chain: `npm run demo:pay -- <email> [amount]`.
 * The running local server (npm start) sends the USDT transfer from the demo chain's funded
 * test wallet to the member's deposit address; it is credited after the configured
 * confirmations (a few seconds locally), and the onboarding screen moves on by itself.
 *
 * The server is found, in this order, by `--url`, by DEMO_SERVER_URL, or by the
 * DATA_DIR/server.json the server writes while it runs (DATA_DIR defaults to the repository's
 * data/), whatever PORT it was started with.
 */
const usage = 'npm run demo:pay -- <email> [amount in USDT, default the fee] [--url http://127.0.0.1:3000]';

function serverUrl(urlOption: string | undefined): string {
  const given = urlOption ?? process.env.DEMO_SERVER_URL;
  if (given) return given.replace(/\/+$/, '');
  const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : defaultDataDir;
  const running = readServerFile(dataDir);
  if (!running) {
    throw new Error(
      `No running server found in ${dataDir}: start it with npm start, or pass its address with --url (or set DATA_DIR to the server's).`,
    );
  }
  return running.url;
}

await runOperatorCommand({
  name: 'demo:pay',
  usage,
  summary:
    "Pays a member's subscription (or the amount) on the local demo chain, from its funded test wallet to the member's deposit address, through the running local server (npm start); the onboarding screen moves on once it is confirmed.",
  settings: ['DATA_DIR (where the running server wrote server.json), or --url / DEMO_SERVER_URL', 'nothing else'],
  options: { url: { type: 'string' } },
  positionals: true,
  async run({ values, positionals }) {
    const [email, amount] = positionals;
    if (!email) throw new UsageError('name the member by e-mail');
    const url = serverUrl(typeof values.url === 'string' ? values.url : undefined);
    const response = await fetch(`${url}/api/dev/demo-pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(amount ? { email, amount } : { email }),
    }).catch(() => {
      throw new Error(`No server answers at ${url}: is it still running? Start it with npm start.`);
    });
    const body = (await response.json().catch(() => null)) as {
      message?: string;
      data?: { transactionHash: string; depositAddress: string };
    } | null;
    if (!response.ok || !body?.data) {
      throw new Error(
        response.status === 404 && !body?.message?.includes('e-mail')
          ? `The server at ${url} is not running the demo chain (local mode without BSC_RPC_URL).`
          : (body?.message ?? `HTTP ${response.status}`),
      );
    }
    console.log(`Paid ${amount ? `${amount} USDT` : 'the subscription fee'} to ${body.data.depositAddress}`);
    console.log(`Transaction ${body.data.transactionHash}`);
    console.log('The onboarding screen moves on by itself once it is confirmed (a few seconds).');
    return 0;
  },
});
