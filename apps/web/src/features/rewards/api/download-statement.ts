import type { StatementKind, StatementRange } from '@uplink/contract/statement-ranges';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/query';
import { saveFile } from '../../../lib/save-file';

const statementPaths: Record<StatementKind, string> = {
  rewards: '/rewards/user/export',
  withdrawals: '/withdrawals/export',
};

/** GET /rewards/user/export or /withdrawals/export: the caller's statement of a range, saved as the server names it. */
export async function downloadStatement(kind: StatementKind, range: StatementRange): Promise<void> {
  saveFile(await api.download(statementPaths[kind], { query: { from: range.from, to: range.to } }));
}

export function useDownloadStatement() {
  return useMutation({
    mutationFn: ({ kind, range }: { kind: StatementKind; range: StatementRange }) => downloadStatement(kind, range),
  });
}
