import { adminTotpTexts } from '@uplink/contract/admin-totp';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { downloadTextFile, recoveryCodesFileName, recoveryCodesText } from '../utils/recovery-codes-file';

/** The recovery codes of a factor just turned on: shown this once, to copy or download. */
export function RecoveryCodesPanel({
  codes,
  account,
  createdAt,
  onDone,
}: {
  codes: string[];
  account: string;
  createdAt: Date;
  onDone: () => void;
}) {
  const text = recoveryCodesText(codes, account, createdAt);
  return (
    <div className="space-y-4">
      <Alert tone="success">{adminTotpTexts.enabled}</Alert>
      <div>
        <h3 className="font-semibold text-slate-900 text-sm">Recovery codes</h3>
        <p className="mt-1 text-slate-600 text-sm">
          Each code signs you in once if you lose your authenticator. They are shown only now: copy or download them and
          keep them somewhere safe.
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-slate-900 text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <CopyButton value={codes.join('\n')} label="Copy codes" />
        <Button variant="secondary" size="sm" onClick={() => downloadTextFile(recoveryCodesFileName, text)}>
          Download
        </Button>
        <Button size="sm" className="ml-auto" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
