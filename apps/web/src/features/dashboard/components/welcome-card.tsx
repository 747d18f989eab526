import type { MemberProfile } from '@uplink/contract/accounts';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card, CardBody } from '../../../components/card';
import { LogOutIcon } from '../../../components/icons';
import { useAuth } from '../../../lib/auth';
import { useNavigate } from '../../../lib/router/router';

/** Welcome with the member's first name, user ID, e-mail, verification badge and Sign Out. */
export function WelcomeCard({ user }: { user: MemberProfile }) {
  const { endSession } = useAuth();
  const navigate = useNavigate();
  return (
    <Card>
      <CardBody className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 className="font-bold text-slate-900 text-xl">Welcome back, {user.firstName}!</h2>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600 text-sm">
            <span>
              User ID <span className="font-mono font-semibold text-slate-800">{user.userId}</span>
            </span>
            <span className="min-w-0 truncate">{user.email}</span>
            {user.isEmailVerified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Unverified</Badge>}
          </div>
        </div>
        <Button
          variant="secondary"
          icon={<LogOutIcon size={16} />}
          onClick={() => {
            endSession();
            navigate('/');
          }}
        >
          Sign Out
        </Button>
      </CardBody>
    </Card>
  );
}
