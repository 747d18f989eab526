import { formatDate, formatDateTime, formatUsdt, fullName, shortenAdminWallet } from '@uplink/contract/format';
import type { MemberSummary } from '@uplink/contract/member-summary';
import type { ReactNode } from 'react';
import { ButtonLink } from './button';
import { actionColumn, type Column, columnsShowing } from './table';

type NamedMember = Pick<MemberSummary, 'firstName' | 'lastName' | 'email' | 'userId'>;

/** What most admin tables say under a member's name: "e-mail · user ID". */
export const emailAndUserId = (member: Pick<MemberSummary, 'email' | 'userId'>) => `${member.email} · ${member.userId}`;

/**
 * A member in an admin table: the name (a table may make it a link), with what the table marks
 * beside it (risk, role, status), over what identifies them (by default their e-mail and user ID).
 */
export function MemberCell({
  member,
  name = fullName(member),
  marks,
  identity = emailAndUserId(member),
}: {
  member: NamedMember;
  name?: ReactNode;
  marks?: ReactNode;
  identity?: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
        <span>{name}</span>
        {marks}
      </p>
      <p className="text-slate-500 text-xs">{identity}</p>
    </div>
  );
}

/** A cell's main line over its detail in small grey type: a name over an e-mail, a time over who made it. */
export function TwoLineCell({ main, detail }: { main: ReactNode; detail: ReactNode }) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-slate-900">{main}</p>
      <p className="text-slate-500 text-xs">{detail}</p>
    </div>
  );
}

/** The amount a row is about, in USDT. */
function AmountCell({ amount }: { amount: number }) {
  return <span className="whitespace-nowrap font-semibold text-slate-900 tabular-nums">{formatUsdt(amount)}</span>;
}

/** A wallet address shortened as admin lists show it (10 first and 6 last characters), whole on hover; '-' when none. */
function WalletCell({ address }: { address: string | null }) {
  if (!address) return '-';
  return (
    <span className="font-mono text-xs" title={address}>
      {shortenAdminWallet(address)}
    </span>
  );
}

/** A moment with its hour and minute: on one line where it fits, else the time whole below the day. */
function DateTimeCell({ at }: { at: string | null }) {
  const text = formatDateTime(at);
  const timeStarts = text.lastIndexOf(', ');
  if (timeStarts < 0) return <span className="whitespace-nowrap">{text}</span>;
  // Where the width runs out (a card's title beside its status), the time wraps whole onto a line of its own.
  return (
    <span>
      <span className="whitespace-nowrap">{text.slice(0, timeStarts + 1)}</span>{' '}
      <span className="whitespace-nowrap">{text.slice(timeStarts + 2)}</span>
    </span>
  );
}

/** A day, on one line. */
function DateCell({ at }: { at: string | null }) {
  return <span className="whitespace-nowrap">{formatDate(at)}</span>;
}

/** A column of one of the rows' moments. */
export const dateTimeColumn = columnsShowing((at: string | null) => <DateTimeCell at={at} />);

/** A column of one of the rows' days. */
export const dateColumn = columnsShowing((at: string | null) => <DateCell at={at} />);

/** A column of the rows' wallet addresses. */
export const walletColumn = columnsShowing((address: string | null) => <WalletCell address={address} />);

/** A column of the amounts the rows are about. */
export const amountColumn = columnsShowing((amount: number) => <AmountCell amount={amount} />);

/**
 * The 'Action' column of a list whose row opens a screen of its own: a link to `screen`, where the
 * row's click goes too, named for screen readers by `accessibleName`.
 */
export function screenLinkColumn<Row>({
  key,
  label,
  screen,
  accessibleName,
}: {
  key: string;
  label: string;
  screen: (row: Row) => string;
  accessibleName: (row: Row) => string;
}): Column<Row> {
  return actionColumn({
    key,
    header: 'Action',
    cell: (row) => (
      <ButtonLink to={screen(row)} variant="secondary" size="sm" aria-label={accessibleName(row)}>
        {label}
      </ButtonLink>
    ),
  });
}
