// The in-process EVM used by the chain tests, the benchmark and the local demo chain.
module.exports = {
  solidity: '0.8.28',
  networks: { hardhat: { chainId: 31337, mining: { auto: true } } },
};
