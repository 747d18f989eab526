import { useState } from 'react';
import { api, type QueryObject } from '../lib/api-client';
import { errorText } from '../lib/error-text';
import { saveFile } from '../lib/save-file';
import { Button } from './button';

/**
 * Downloads an administrator's list as CSV, with the filters the screen shows (`query`); the
 * server streams every page and names the file.
 */
export function CsvExportButton({
  path,
  query,
  disabled = false,
  label = 'Export CSV',
  accessibleName,
}: {
  path: string;
  query: QueryObject;
  disabled?: boolean;
  label?: string;
  /** What the button downloads when its label alone does not say (one row's file in a table). */
  accessibleName?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const exportList = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await api.download(path, { query }));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {failure ? (
        <span role="alert" className="text-red-700 text-sm">
          {failure}
        </span>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        busy={busy}
        disabled={disabled}
        onClick={exportList}
        aria-label={accessibleName}
        className="whitespace-nowrap"
      >
        {label}
      </Button>
    </>
  );
}
