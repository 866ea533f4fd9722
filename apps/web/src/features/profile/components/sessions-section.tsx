import { Monitor } from 'lucide-react';
import { LoadFailed } from '../../../components/layout/load-failed';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateTime } from '../../../components/ui/date-time';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/errors';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';
import { describeDevice } from '@portal/contract/device';

/** Profile → Security: where she is signed in, and a way to end any of it (issue 27). */
export const SessionsSection = () => {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();

  const body = sessions.isPending ? (
    <Spinner label="Loading your sessions" />
  ) : sessions.isError ? (
    <LoadFailed what="Your sessions" onRetry={() => void sessions.refetch()} />
  ) : (
    <>
      <ul
        aria-label="Sessions"
        className="divide-y divide-slate-100 rounded-md border border-slate-200"
      >
        {sessions.data.map((session) => {
          const device = describeDevice(session.user_agent);
          return (
            <li key={session.id} className="flex items-center gap-3 px-4 py-3">
              <Monitor aria-hidden className="size-5 shrink-0 text-slate-400" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  <span title={session.user_agent || undefined}>{device}</span>
                  {session.current && <Badge color="green">This device</Badge>}
                </p>
                <p className="text-slate-600">
                  {session.impersonated_by && (
                    <>{session.impersonated_by.name} (studio) signed in as you · </>
                  )}
                  {session.ip && <>{session.ip} · </>}
                  Last active <DateTime value={session.last_used} />
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Sign out ${device}`}
                  loading={end.isPending && end.variables === session.id}
                  onClick={() =>
                    end.mutate(session.id, {
                      onSuccess: () => toast.success(`${device} is signed out`),
                      onError: toastError,
                    })
                  }
                >
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {sessions.data.length > 1 && (
        <div>
          <Button
            variant="secondary"
            loading={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: () => toast.success('Signed out everywhere else'),
                onError: toastError,
              })
            }
          >
            Sign out everywhere else
          </Button>
        </div>
      )}
    </>
  );

  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="sessions-heading" className="font-semibold text-slate-900">
          Where you are signed in
        </h2>
        <p className="text-sm text-slate-600">
          Sign out a device you no longer use or do not recognise: it is signed out at once.
        </p>
      </div>
      {body}
    </section>
  );
};
