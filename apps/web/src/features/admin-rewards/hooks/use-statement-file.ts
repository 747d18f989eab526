import { type ParsedStatement, parseStatementFile } from '@uplink/contract/statement-csv';
import { type ChangeEvent, useState } from 'react';

/** A read file: its entries, or the lines to fix. */
export type LoadedStatement = ParsedStatement & { fileName: string };

/** The statement file the administrator chose, read and checked here: what it holds, or that it could not be read. */
export function useStatementFile() {
  const [statement, setStatement] = useState<LoadedStatement | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const [reading, setReading] = useState(false);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    setStatement(null);
    setReadFailed(false);
    const file = event.target.files?.[0];
    if (!file) return;
    setReading(true);
    try {
      setStatement({ fileName: file.name, ...(await parseStatementFile(file)) });
    } catch {
      setReadFailed(true);
    } finally {
      setReading(false);
    }
  };

  return { statement, readFailed, reading, choose };
}
