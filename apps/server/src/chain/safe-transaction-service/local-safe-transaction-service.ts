import { getAddress, isAddress, JsonRpcProvider } from 'ethers';
import Fastify, { type FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Proposal, transactionResponse } from './multisig-transaction-response';
import { addressOrZero, hashApproved, readExecutedSafeTxs, readSafeState } from './safe-on-chain';
import { delegateSigners, type ParsedSignature, parseSignatures, safeTxHash } from './safe-signatures';

/**
 * A local Safe Transaction Service for the demo chain and the tests — never for a real chain:
 * the subset of its documented API that `@safe-global/api-kit` calls to propose, list and confirm
 * a Safe's transactions and to manage its delegates, validating as the service does (the
 * safeTxHash recomputed, the sender an owner or a delegate, each signature recovered and checked,
 * one signature only from a delegate, no nonce proposed that the Safe already executed). It keeps
 * proposals in memory and reads everything else from the chain: the Safe's owners, threshold and
 * nonce, and its executed transactions from the SafeL2 events (those never proposed here too).
 */
export interface LocalSafeTransactionService {
  /** What api-kit's `txServiceUrl` and SAFE_TX_SERVICE_URL take: the service's `/api` root. */
  url: string;
  close(): Promise<void>;
}

const address = z
  .string()
  .refine(isAddress, 'Invalid Ethereum address')
  .transform((value) => getAddress(value));
const decimal = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(String);
const hex = z.string().regex(/^0x([0-9a-fA-F]{2})*$/);

const proposalSchema = z.object({
  to: address,
  value: decimal,
  data: hex.nullish().transform((data) => (data && data !== '0x' ? data.toLowerCase() : null)),
  operation: z.union([z.literal(0), z.literal(1)]),
  safeTxGas: decimal,
  baseGas: decimal,
  gasPrice: decimal,
  gasToken: address.nullish().transform(addressOrZero),
  refundReceiver: address.nullish().transform(addressOrZero),
  nonce: decimal,
  contractTransactionHash: hex,
  sender: address,
  signature: hex.nullish(),
  origin: z.string().max(200).nullish(),
});

const delegateSchema = z.object({
  safe: address.nullish(),
  delegate: address,
  delegator: address,
  label: z.string().min(1).max(50),
  signature: hex,
});

const delegateRemovalSchema = z.object({ delegator: address, safe: address.nullish(), signature: hex });

interface Delegate {
  safe: string | null;
  delegate: string;
  delegator: string;
  label: string;
}

/** A refusal as the service words it: `nonFieldErrors`, which api-kit turns into its error's message. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new Refusal(404, 'Not found.');

export async function startLocalSafeTransactionService(options: {
  rpcUrl: string;
  chainId: number;
  port: number;
}): Promise<LocalSafeTransactionService> {
  const provider = new JsonRpcProvider(options.rpcUrl, options.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const proposals = new Map<string, Proposal>();
  const delegates: Delegate[] = [];
  const app = Fastify({ routerOptions: { ignoreTrailingSlash: true }, logger: false });

  app.setErrorHandler((error, _request, reply: FastifyReply) => {
    if (error instanceof Refusal) {
      return reply
        .status(error.status)
        .send(error.status === 404 ? { detail: error.message } : { nonFieldErrors: [error.message] });
    }
    if (error instanceof z.ZodError) {
      return reply
        .status(400)
        .send({ nonFieldErrors: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
    }
    return reply.status(500).send({ detail: (error as Error).message });
  });

  const delegatesOf = (safe: string, owners: readonly string[]) =>
    delegates.filter((entry) => entry.safe === safe || (entry.safe === null && owners.includes(entry.delegator)));

  async function checkedSignatures(
    signature: string,
    hash: string,
    safe: string,
    allowed: readonly string[],
    delegateAddresses: readonly string[],
  ): Promise<ParsedSignature[]> {
    const parsed = parseSignatures(signature, hash);
    const seen = new Set<string>();
    for (const entry of parsed) {
      if (entry.kind === 'CONTRACT_SIGNATURE') {
        throw new Refusal(
          422,
          `Contract signatures (EIP-1271) are not checked by this local service: owner=${entry.owner}`,
        );
      }
      if (entry.kind === 'APPROVED_HASH' && !(await hashApproved(provider, safe, entry.owner, hash))) {
        throw new Refusal(422, `Signature=${entry.signature} for owner=${entry.owner} is not valid`);
      }
      if (delegateAddresses.includes(entry.owner) && parsed.length > 1) {
        throw new Refusal(422, 'Just one signature is expected if using delegates');
      }
      if (!allowed.includes(entry.owner)) {
        throw new Refusal(422, `Signer=${entry.owner} is not an owner or delegate. Current owners=${allowed}`);
      }
      if (seen.has(entry.owner)) throw new Refusal(422, `Signature for owner=${entry.owner} is duplicated`);
      seen.add(entry.owner);
    }
    return parsed;
  }

  async function safeOnChain(safe: string) {
    try {
      return await readSafeState(provider, safe);
    } catch {
      throw new Refusal(422, `Could not get Safe version from blockchain, check contract exists on network`);
    }
  }

  const executedOf = async (safe: string) =>
    new Map((await readExecutedSafeTxs(provider, safe)).map((executed) => [executed.safeTxHash, executed]));

  app.get('/api/v1/about', async () => ({
    name: 'Safe Transaction Service (local)',
    version: 'local',
    api_version: 'v1',
  }));

  app.get('/api/v1/safes/:address', async (request) => {
    const safe = await safeOnChain(address.parse((request.params as { address: string }).address));
    return {
      address: safe.address,
      nonce: safe.nonce.toString(),
      threshold: safe.threshold,
      owners: safe.owners,
      masterCopy: safe.singleton,
      modules: safe.modules,
      fallbackHandler: safe.fallbackHandler,
      guard: safe.guard,
      version: safe.version,
    };
  });

  app.post('/api/v2/safes/:address/multisig-transactions', async (request, reply) => {
    const safe = address.parse((request.params as { address: string }).address);
    const body = proposalSchema.parse(request.body);
    const state = await safeOnChain(safe);
    const hash = safeTxHash(options.chainId, safe, body);
    if (hash !== body.contractTransactionHash.toLowerCase()) {
      throw new Refusal(
        422,
        `Contract-transaction-hash=${hash} does not match provided contract-tx-hash=${body.contractTransactionHash}`,
      );
    }
    const executedAtNonce = [...(await executedOf(safe)).values()].find((executed) => executed.nonce === body.nonce);
    if (executedAtNonce) {
      throw new Refusal(
        422,
        `Tx with nonce=${body.nonce} for safe=${safe} already executed in tx-hash=${executedAtNonce.transactionHash}`,
      );
    }
    const safeDelegates = delegatesOf(safe, state.owners).map((entry) => entry.delegate);
    const allowed = [...state.owners, ...safeDelegates];
    if (!allowed.includes(body.sender)) {
      throw new Refusal(
        422,
        `Sender=${body.sender} is not an owner or delegate. Current owners=${state.owners}. Delegates=${safeDelegates}`,
      );
    }
    const signatures = await checkedSignatures(body.signature ?? '0x', hash, safe, allowed, safeDelegates);
    if (signatures.length > 0 && !signatures.some((entry) => entry.owner === body.sender)) {
      throw new Refusal(
        422,
        `Signature does not match sender=${body.sender}. Calculated owners=${signatures.map((entry) => entry.owner)}`,
      );
    }
    const now = new Date();
    const proposal: Proposal = proposals.get(hash) ?? {
      ...body,
      safe,
      safeTxHash: hash,
      proposer: body.sender,
      proposedByDelegate: safeDelegates.includes(body.sender) ? body.sender : null,
      origin: body.origin ?? null,
      submissionDate: now,
      modified: now,
      confirmations: new Map(),
    };
    for (const entry of signatures) {
      if (state.owners.includes(entry.owner) && !proposal.confirmations.has(entry.owner)) {
        proposal.confirmations.set(entry.owner, { ...entry, signatureType: entry.kind, submissionDate: now });
        proposal.modified = now;
      }
    }
    proposals.set(hash, proposal);
    return reply.status(201).send();
  });

  app.get('/api/v2/safes/:address/multisig-transactions', async (request) => {
    const safe = address.parse((request.params as { address: string }).address);
    const query = z
      .object({
        executed: z.enum(['true', 'false']).optional(),
        nonce: decimal.optional(),
        nonce__gte: decimal.optional(),
        ordering: z.enum(['nonce', '-nonce', 'submissionDate', '-submissionDate']).optional(),
        limit: z.coerce.number().int().min(1).max(1000).default(100),
        offset: z.coerce.number().int().min(0).default(0),
      })
      .parse(request.query);
    const state = await safeOnChain(safe);
    const executed = await executedOf(safe);
    const hashes = new Set([
      ...[...proposals.values()].filter((proposal) => proposal.safe === safe).map((proposal) => proposal.safeTxHash),
      ...executed.keys(),
    ]);
    const all = [...hashes]
      .map((hash) => transactionResponse(safe, state.threshold, proposals.get(hash), executed.get(hash)))
      .filter((tx) => query.executed === undefined || String(tx.isExecuted) === query.executed)
      .filter((tx) => query.nonce === undefined || tx.nonce === query.nonce)
      .filter((tx) => query.nonce__gte === undefined || BigInt(tx.nonce) >= BigInt(query.nonce__gte));
    const ordering = query.ordering ?? '-nonce';
    const key = ordering.replace('-', '') as 'nonce' | 'submissionDate';
    const direction = ordering.startsWith('-') ? -1 : 1;
    all.sort((a, b) => {
      const [left, right] = key === 'nonce' ? [BigInt(a.nonce), BigInt(b.nonce)] : [a.submissionDate, b.submissionDate];
      return left === right ? b.submissionDate.localeCompare(a.submissionDate) : left < right ? -direction : direction;
    });
    return {
      count: all.length,
      next: null,
      previous: null,
      results: all.slice(query.offset, query.offset + query.limit),
    };
  });

  /** The Safes this service indexes: those proposed to, or given a delegate. */
  const knownSafes = () =>
    new Set([
      ...[...proposals.values()].map((proposal) => proposal.safe),
      ...delegates.flatMap((entry) => (entry.safe ? [entry.safe] : [])),
    ]);

  async function oneTransaction(hash: string) {
    const key = hash.toLowerCase();
    const proposal = proposals.get(key);
    for (const safe of proposal ? [proposal.safe] : knownSafes()) {
      const executed = (await executedOf(safe)).get(key);
      if (proposal || executed) {
        return transactionResponse(safe, (await safeOnChain(safe)).threshold, proposal, executed);
      }
    }
    throw notFound();
  }

  app.get('/api/v2/multisig-transactions/:safeTxHash', async (request) =>
    oneTransaction((request.params as { safeTxHash: string }).safeTxHash),
  );

  app.get('/api/v1/multisig-transactions/:safeTxHash/confirmations', async (request) => {
    const { confirmations } = await oneTransaction((request.params as { safeTxHash: string }).safeTxHash);
    return { count: confirmations.length, next: null, previous: null, results: confirmations };
  });

  app.post('/api/v1/multisig-transactions/:safeTxHash/confirmations', async (request, reply) => {
    const hash = (request.params as { safeTxHash: string }).safeTxHash.toLowerCase();
    const { signature } = z.object({ signature: hex }).parse(request.body);
    const proposal = proposals.get(hash);
    if (!proposal) throw new Refusal(404, `Multisig transaction with safe-tx-hash=${hash} was not found`);
    if ((await executedOf(proposal.safe)).has(hash)) {
      throw new Refusal(422, `Transaction with safe-tx-hash=${hash} was already executed`);
    }
    const state = await safeOnChain(proposal.safe);
    const parsed = await checkedSignatures(signature, hash, proposal.safe, state.owners, []);
    const now = new Date();
    for (const entry of parsed) {
      if (!proposal.confirmations.has(entry.owner)) {
        proposal.confirmations.set(entry.owner, { ...entry, signatureType: entry.kind, submissionDate: now });
        proposal.modified = now;
      }
    }
    return reply.status(201).send({ signature });
  });

  app.get('/api/v2/delegates', async (request) => {
    const query = z
      .object({
        safe: address.optional(),
        delegate: address.optional(),
        delegator: address.optional(),
        label: z.string().optional(),
      })
      .parse(request.query);
    const results = delegates
      .filter((entry) => !query.safe || entry.safe === query.safe)
      .filter((entry) => !query.delegate || entry.delegate === query.delegate)
      .filter((entry) => !query.delegator || entry.delegator === query.delegator)
      .filter((entry) => !query.label || entry.label === query.label)
      .map((entry) => ({ ...entry, expiryDate: null }));
    return { count: results.length, next: null, previous: null, results };
  });

  app.post('/api/v2/delegates', async (request, reply) => {
    const body = delegateSchema.parse(request.body);
    if (!delegateSigners(options.chainId, body.delegate, body.signature, new Date()).includes(body.delegator)) {
      throw new Refusal(400, `Signature does not match provided delegator=${body.delegator}`);
    }
    if (body.safe && !(await safeOnChain(body.safe)).owners.includes(body.delegator)) {
      throw new Refusal(400, `Provided delegator=${body.delegator} is not an owner of Safe=${body.safe}`);
    }
    const entry: Delegate = {
      safe: body.safe ?? null,
      delegate: body.delegate,
      delegator: body.delegator,
      label: body.label,
    };
    const existing = delegates.findIndex((other) => other.safe === entry.safe && other.delegate === entry.delegate);
    if (existing >= 0) delegates.splice(existing, 1, entry);
    else delegates.push(entry);
    return reply.status(201).send({ ...entry, expiryDate: null });
  });

  app.delete('/api/v2/delegates/:delegate', async (request, reply) => {
    const delegate = address.parse((request.params as { delegate: string }).delegate);
    const body = delegateRemovalSchema.parse(request.body);
    const signers = delegateSigners(options.chainId, delegate, body.signature, new Date());
    if (!signers.includes(body.delegator) && !signers.includes(delegate)) {
      throw new Refusal(400, 'Signature does not match the delegator or the delegate');
    }
    const before = delegates.length;
    for (let index = delegates.length - 1; index >= 0; index -= 1) {
      const entry = delegates[index];
      if (
        entry &&
        entry.delegate === delegate &&
        entry.delegator === body.delegator &&
        (!body.safe || entry.safe === body.safe)
      ) {
        delegates.splice(index, 1);
      }
    }
    if (delegates.length === before) throw notFound();
    return reply.status(204).send();
  });

  const listening = await app.listen({ host: '127.0.0.1', port: options.port });
  return {
    url: `${listening}/api`,
    async close() {
      await app.close();
      provider.destroy();
    },
  };
}
