/**
 * Compiles the demo chain's contracts with the `solc` npm package (hardhat's own compiler
 * download cannot run here) and writes each one's ABI and bytecode beside it: TestUsdt.sol to
 * test-usdt.json, BatchTransfer.sol to batch-transfer.json. Run after editing a Solidity source:
 * `npx tsx apps/server/src/chain/compile-contracts.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const solc = require('solc') as { compile(input: string): string };

const contracts = [
  { name: 'TestUsdt', source: 'TestUsdt.sol', artifact: 'test-usdt.json' },
  { name: 'BatchTransfer', source: 'BatchTransfer.sol', artifact: 'batch-transfer.json' },
];

for (const contract of contracts) {
  const input = {
    language: 'Solidity',
    sources: { [contract.source]: { content: readFileSync(path.join(import.meta.dirname, contract.source), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((entry: { severity: string }) => entry.severity === 'error');
  if (errors.length > 0)
    throw new Error(errors.map((entry: { formattedMessage: string }) => entry.formattedMessage).join('\n'));
  const compiled = output.contracts[contract.source][contract.name];
  const artifact = { contractName: contract.name, abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  writeFileSync(path.join(import.meta.dirname, contract.artifact), `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`wrote ${contract.artifact}`);
}
