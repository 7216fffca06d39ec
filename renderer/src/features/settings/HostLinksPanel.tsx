import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { HostLinkKind, HostLinks } from '@shared/contract';
import { contractQueryKey, useContractMutation } from '../../state/contractQueries';
import { useAppInfo } from '../../state/useAppInfo';
import { ConfirmChoice } from '../../ui/ConfirmChoice';

const LINK_TEXT: Record<HostLinkKind, { title: string; what: string; replace: string; after: string }> = {
  overlay: {
    title: 'Overlay links (OBS)',
    what: 'Can only watch: the overlays’ live state and cached images, no commands. Safe to paste into OBS or share with a co-caster.',
    replace: 'Replace overlay links',
    after:
      'New overlay links are on the OBS overlays page; sources with the old ones stop until you paste the new URLs.',
  },
  companion: {
    title: 'Companion link',
    what: 'Can do everything this app does. Keep it to yourself; the desktop app’s windows do not use it.',
    replace: 'Replace companion link',
    after: 'Browser pages opened with the old companion link are disconnected.',
  },
};

/** The browser host's two tokens: what each kind of link may do, and a way to replace one that leaked. */
export function HostLinksPanel() {
  const info = useAppInfo();
  if (info.isPending || info.isError || info.data.hostUrl === null) return null;
  return (
    <section className="panel" aria-labelledby="host-links-title" data-testid="host-links">
      <h2 id="host-links-title">Links to this app</h2>
      <p className="muted">
        The browser host answers only on this machine, and only to links that carry one of its two tokens.
      </p>
      <LinkRow kind="overlay" />
      <LinkRow kind="companion" />
    </section>
  );
}

function LinkRow({ kind }: { kind: HostLinkKind }) {
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const text = LINK_TEXT[kind];
  const rotate = useContractMutation('host.links.rotate', {
    input: () => ({ link: kind }),
    onSuccess: async (links) => {
      setConfirming(false);
      if (kind === 'companion') followNewCompanionLink(links);
      await queries.invalidateQueries({ queryKey: contractQueryKey('app.info') });
    },
  });
  return (
    <div className="host-link" data-testid={`host-link-${kind}`}>
      <h3>{text.title}</h3>
      <p className="hint">{text.what}</p>
      <div className="form-actions">
        {confirming ? (
          <ConfirmChoice
            className="primary"
            pending={rotate.isPending}
            onConfirm={() => rotate.mutate()}
            onKeep={() => setConfirming(false)}
            testId={`host-link-${kind}-confirm`}
          >
            {text.replace}
          </ConfirmChoice>
        ) : (
          <button type="button" onClick={() => setConfirming(true)} data-testid={`host-link-${kind}-replace`}>
            {text.replace}…
          </button>
        )}
        {rotate.error ? (
          <span className="error" role="alert">
            {rotate.error.message}
          </span>
        ) : null}
        {rotate.isSuccess ? (
          <span className="muted" role="status">
            {text.after}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** A browser page on the old companion link moves to the new one, on the same page. */
function followNewCompanionLink(links: HostLinks): void {
  const current = new URLSearchParams(window.location.search);
  if (!current.has('token')) return; // a desktop window: not on a link
  const next = new URL(links.companionUrl);
  current.set('token', next.searchParams.get('token') ?? '');
  window.location.replace(`${window.location.pathname}?${current.toString()}`);
}
