import { PlainButton } from '../../../components/ui/plain-button';
import { useConfig } from '../../../lib/config';
import { GOOGLE_STATE_KEY, googleAuthUrl } from '../lib/google';

const randomState = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

const GoogleMark = () => (
  <svg aria-hidden viewBox="0 0 48 48">
    <path
      fill="#FFC107"
      d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
    />
    <path
      fill="#FF3D00"
      d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
    />
    <path
      fill="#4CAF50"
      d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
    />
    <path
      fill="#1976D2"
      d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
    />
  </svg>
);

/** "— or —" between the form and the other ways to sign in. */
export const OrSeparator = () => (
  <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
    <span className="h-px flex-1 bg-slate-200" />
    or
    <span className="h-px flex-1 bg-slate-200" />
  </div>
);

/**
 * Third-party sign-in (spec §2), shown only when the deployment configures Google; with its own
 * separator unless the page draws one for several ways.
 */
export const GoogleButton = ({
  label,
  separated = true,
}: {
  label: string;
  separated?: boolean;
}) => {
  const { data: config } = useConfig();
  const google = config?.google;
  if (!google) return null;
  const start = () => {
    const state = randomState();
    sessionStorage.setItem(GOOGLE_STATE_KEY, state);
    window.location.assign(googleAuthUrl(google, window.location.origin, state));
  };
  return (
    <>
      {separated && <OrSeparator />}
      <PlainButton variant="secondary" className="w-full" onClick={start}>
        <GoogleMark />
        {label}
      </PlainButton>
    </>
  );
};
