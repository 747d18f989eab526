import type { RiskEvent, RiskEventMember, RiskEvidence } from '@uplink/contract/risk';

type Account = Extract<RiskEvidence, { accounts: unknown }>['accounts'][number];
type Withdrawal = Extract<RiskEvidence, { withdrawals: unknown }>['withdrawals'][number];
type Payment = Extract<RiskEvidence, { rule: 'SHARED_FUNDING_WALLET' }>['payments'][number];
type Source = Extract<RiskEvidence, { rule: 'CIRCULAR_FUNDS' }>['sources'][number];

/** One member of a cluster with the evidence records that name them, for the side-by-side view. */
export interface ClusterRow {
  member: RiskEventMember;
  account: Account | null;
  withdrawals: Withdrawal[];
  payments: Payment[];
  sources: Source[];
}

/** The kinds of evidence an event carries: the cluster view shows a column for each. */
export interface ClusterSignals {
  accounts: boolean;
  withdrawals: boolean;
  payments: boolean;
  sources: boolean;
}

export function clusterSignals(evidence: RiskEvidence): ClusterSignals {
  return {
    accounts: 'accounts' in evidence,
    withdrawals: 'withdrawals' in evidence,
    payments: 'payments' in evidence,
    sources: 'sources' in evidence,
  };
}

/** Each member of the event, in the order they joined it, with their records of its evidence. */
export function clusterRows({ members, evidence }: Pick<RiskEvent, 'members' | 'evidence'>): ClusterRow[] {
  const of = <Record extends { memberId: string }>(records: Record[] | undefined, member: RiskEventMember) =>
    (records ?? []).filter((record) => record.memberId === member._id);
  return members.map((member) => ({
    member,
    account: 'accounts' in evidence ? (of(evidence.accounts, member)[0] ?? null) : null,
    withdrawals: 'withdrawals' in evidence ? of(evidence.withdrawals, member) : [],
    payments: evidence.rule === 'SHARED_FUNDING_WALLET' ? of(evidence.payments, member) : [],
    sources: evidence.rule === 'CIRCULAR_FUNDS' ? of(evidence.sources, member) : [],
  }));
}

/**
 * The values two or more members share (compared in lower case, as the rules compare addresses
 * and e-mails): the cluster view marks them, so what ties the members is seen at a glance.
 */
export function sharedValues(values: (string | null | undefined)[][]): Set<string> {
  const members = new Map<string, number>();
  for (const memberValues of values) {
    for (const value of new Set(memberValues.flatMap((one) => (one ? [one.toLowerCase()] : [])))) {
      members.set(value, (members.get(value) ?? 0) + 1);
    }
  }
  return new Set([...members].filter(([, count]) => count >= 2).map(([value]) => value));
}

/** The shared signal of an event in words, as the cluster view heads its evidence. */
export function sharedSignal(evidence: RiskEvidence): { label: string; value: string } | null {
  switch (evidence.rule) {
    case 'SHARED_WITHDRAWAL_WALLET':
      return { label: 'Withdrawal wallet', value: evidence.address };
    case 'CIRCULAR_FUNDS':
      return { label: 'Withdrawal wallet', value: evidence.address };
    case 'SHARED_FUNDING_WALLET':
      return { label: 'Funding address', value: evidence.address };
    case 'EMAIL_ALIAS':
      return { label: 'Normalised e-mail', value: evidence.normalizedEmail };
    case 'DISPOSABLE_EMAIL':
      return { label: 'E-mail domain', value: evidence.domain };
    case 'REGISTRATION_BURST':
      if (evidence.basis === 'CLIENT_ADDRESS') {
        return { label: 'Client address', value: evidence.clientAddress ?? 'Deleted after 90 days' };
      }
      return null;
  }
}
