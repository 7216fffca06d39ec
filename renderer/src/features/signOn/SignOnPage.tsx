import { useState } from 'react';
import { signOnAccountLabel, type SignOnAccount, type SignOnState } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { TickField } from '../../ui/forms/LabelledFields';
import { formatDateTime } from '../../ui/locale/dateFormat';
import { AdvancedSection } from '../../ui/AdvancedSection';
import { ClientConfigPanel } from './ClientConfigPanel';
import './signOn.css';
import { useContractMutation } from '../../state/contractQueries';

export const SIGN_ON_PAGE_PATH = '/sign-on';

/**
 * Links a player's account with the publisher's sign-on. Before linking, the player opts in explicitly:
 * a linked account's data becomes public on the organizer's pages. The player's part comes first, in the
 * player's words; the organizer's client set-up is in its own section, closed until opened.
 */
export function SignOnPage() {
  const state = useAppState((app) => app.signOn);
  if (!state) return null;
  return (
    <div className="sign-on-page" data-testid="sign-on-page">
      {state.lastError ? (
        <p className="sign-on-notice danger" role="alert" data-testid="sign-on-error">
          {state.lastError}
        </p>
      ) : null}
      {state.account ? <LinkedAccount account={state.account} /> : <PlayerSignIn state={state} />}
      <AdvancedSection
        id="sign-on-organizer"
        title="Organizer: sign-in set-up"
        summary="Set the sign-in client the publisher gave you, so players can sign in here."
      >
        <ClientConfigPanel config={state.config} />
      </AdvancedSection>
    </div>
  );
}

/** What signing in gives the player, then how: the link itself, or why it is not open yet. */
function PlayerSignIn({ state }: { state: SignOnState }) {
  return (
    <section className="panel sign-on-link" aria-labelledby="sign-on-link-title">
      <h2 id="sign-on-link-title">Sign in with your Riot account</h2>
      <p data-testid="sign-on-what">
        Signing in links your Riot account to this organizer&apos;s tournaments: your Riot ID and your
        tournament matches show on Sightline&apos;s pages and overlays without anyone typing them in.
      </p>
      {!state.availability.available ? (
        <p className="sign-on-notice info" data-testid="sign-on-unavailable">
          Signing in is not open here yet. {state.availability.reason}
        </p>
      ) : state.config.configured ? (
        <LinkPanel state={state} />
      ) : (
        <p className="sign-on-notice info" data-testid="sign-on-needs-config">
          Signing in is not open here yet: the tournament organizer has not set it up. Organizers set it up
          under “Organizer: sign-in set-up” below.
        </p>
      )}
    </section>
  );
}

function LinkPanel({ state }: { state: SignOnState }) {
  const [agreed, setAgreed] = useState(false);
  const [authorizeUrl, setAuthorizeUrl] = useState<string | null>(null);
  const begin = useContractMutation('signOn.begin', {
    input: () => ({ consent: true as const }),
    onSuccess: ({ authorizeUrl: url }) => {
      setAuthorizeUrl(url);
      // The sign-on page runs in the browser; it comes back to the host, and this page follows the pushed state.
      window.open(url, '_blank', 'noopener');
    },
  });
  const cancel = useContractMutation('signOn.cancel', { input: () => ({}) });
  const waiting = state.phase !== 'idle';

  return (
    <>
      <div className="sign-on-disclaimer" data-testid="sign-on-disclaimer">
        <p>
          <strong>Linking makes your data public.</strong> Once linked, your Riot ID, your account&apos;s
          PUUID and the matches you play in this organizer&apos;s tournaments, including custom games, can be
          shown publicly on Sightline&apos;s pages and overlays.
        </p>
        <p className="muted">
          You sign in on the publisher&apos;s page, not in Sightline: Sightline never sees your password. You
          can sign out here at any time.
        </p>
      </div>
      <TickField
        className="sign-on-consent"
        label="I understand that linking makes my data public, and I want to link my account."
        checked={agreed}
        onChange={setAgreed}
        testId="sign-on-consent"
      />
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          disabled={!agreed || begin.isPending}
          onClick={() => begin.mutate()}
          data-testid="sign-on-link"
        >
          Sign in with Riot
        </button>
        {waiting ? (
          <button type="button" onClick={() => cancel.mutate()} data-testid="sign-on-cancel">
            Cancel
          </button>
        ) : null}
      </div>
      {waiting ? (
        <p className="muted" role="status" data-testid="sign-on-waiting">
          {state.phase === 'exchanging'
            ? 'Signed in, linking the account…'
            : 'Waiting for the sign-on page: finish signing in in your browser.'}{' '}
          {authorizeUrl ? (
            <a href={authorizeUrl} target="_blank" rel="noopener noreferrer">
              Open the sign-on page again
            </a>
          ) : null}
        </p>
      ) : null}
      {begin.isError ? (
        <p className="sign-on-error" role="alert">
          {begin.error.message}
        </p>
      ) : null}
    </>
  );
}

function LinkedAccount({ account }: { account: SignOnAccount }) {
  const locale = useDisplayLocale();
  const refresh = useContractMutation('signOn.refresh', { input: () => ({}) });
  const signOut = useContractMutation('signOn.signOut', { input: () => ({}) });
  return (
    <section className="panel sign-on-account" aria-labelledby="sign-on-account-title">
      <h2 id="sign-on-account-title">Linked account</h2>
      <p className="sign-on-riot-id" data-testid="sign-on-account">
        {signOnAccountLabel(account)}
      </p>
      <dl className="sign-on-facts">
        <dt>PUUID</dt>
        <dd className="sign-on-puuid">{account.puuid}</dd>
        <dt>Linked</dt>
        <dd>{formatDateTime(account.linkedAt, locale)}</dd>
      </dl>
      <div className="form-actions">
        <button type="button" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
          Check again
        </button>
        <button
          type="button"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          data-testid="sign-on-signout"
        >
          Sign out
        </button>
      </div>
      {refresh.isError ? (
        <p className="sign-on-error" role="alert">
          {refresh.error.message}
        </p>
      ) : null}
    </section>
  );
}
