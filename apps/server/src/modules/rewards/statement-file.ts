import { open } from 'node:fs/promises';
import {
  oversizedStatement,
  type ParsedStatement,
  parseStatementFile,
  statementMaxBytes,
} from '@uplink/contract/statement-csv';

/**
 * Reads a statement file from disk for `npm run rewards:cycle -- --file` with the reader the web
 * upload uses (`parseStatementFile` from the contract): the same bytes give the same entries and
 * the same refused lines on both. A file larger than a statement can be is refused by its size,
 * before it is read.
 */
export async function readStatementFile(path: string, maxBytes = statementMaxBytes): Promise<ParsedStatement> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const oversized = oversizedStatement(size, maxBytes);
    if (oversized) return oversized;
    return await parseStatementFile(new Blob([await file.readFile()]));
  } finally {
    await file.close();
  }
}
