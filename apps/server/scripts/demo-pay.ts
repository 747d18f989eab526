/**
 * Pays a member's subscription on the local demo chain: `npm run demo:pay -- <email> [amount]`.
 * The running local server (npm start) sends the USDT transfer from the demo chain's funded
 * test wallet to the member's deposit address; it is credited after the configured
 * confirmations (a few seconds locally), or at once when the member presses 'refresh status'.
 */
async function main(): Promise<void> {
  const [email, amount] = process.argv.slice(2);
  if (!email) {
    console.error('Usage: npm run demo:pay -- <email> [amount in USDT, default the fee]');
    process.exit(2);
  }
  const port = process.env.PORT ?? '3000';
  const serverUrl = (process.env.DEMO_SERVER_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, '');
  const response = await fetch(`${serverUrl}/api/dev/demo-pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(amount ? { email, amount } : { email }),
  }).catch(() => {
    throw new Error(`No server at ${serverUrl}: start it with npm start (or set DEMO_SERVER_URL).`);
  });
  const body = (await response.json().catch(() => null)) as {
    message?: string;
    data?: { transactionHash: string; depositAddress: string };
  } | null;
  if (!response.ok || !body?.data) {
    throw new Error(
      response.status === 404 && !body?.message?.includes('e-mail')
        ? 'The server is not running the demo chain (local mode without BSC_RPC_URL).'
        : (body?.message ?? `HTTP ${response.status}`),
    );
  }
  console.log(`Paid ${amount ?? 'the subscription fee'} USDT to ${body.data.depositAddress}`);
  console.log(`Transaction ${body.data.transactionHash}`);
  console.log("Press 'refresh status' on the onboarding screen (or wait a few seconds).");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
