/**
 * Compiles TestUsdt.sol with the `solc` npm package (hardhat's own compiler download cannot run
 * here) and writes the ABI and bytecode beside it. Run after editing the Solidity source:
 * `npx tsx apps/server/src/chain/compile-test-token.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const solc = require('solc') as { compile(input: string): string };

const source = readFileSync(path.join(import.meta.dirname, 'TestUsdt.sol'), 'utf8');
const input = {
  language: 'Solidity',
  sources: { 'TestUsdt.sol': { content: source } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((entry: { severity: string }) => entry.severity === 'error');
if (errors.length > 0)
  throw new Error(errors.map((entry: { formattedMessage: string }) => entry.formattedMessage).join('\n'));
const contract = output.contracts['TestUsdt.sol'].TestUsdt;
const artifact = { contractName: 'TestUsdt', abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
writeFileSync(path.join(import.meta.dirname, 'test-usdt.json'), `${JSON.stringify(artifact, null, 2)}\n`);
console.log('wrote test-usdt.json');
