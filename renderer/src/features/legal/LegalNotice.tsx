import { memo } from 'react';
import { LEGAL_NOTICE, LEGAL_NOTICE_SHORT } from '@shared/contract/legal';
import { isOverlayPath } from '@shared/contract/overlays';
import { navigate } from '../../navigation/route';

export function LegalPage() {
  return (
    <section className="panel legal-page" aria-labelledby="legal-title">
      <h2 id="legal-title">Legal notice</h2>
      <p data-testid="legal-notice">{LEGAL_NOTICE}</p>
      <p>
        Sightline shows only what the game already shows you. It gives no build or item advice during a game,
        no win predictions, no enemy timers and no rating estimates.
      </p>
    </section>
  );
}

/** One click from every view to the full notice; the short form is always visible. Drawn once, not with its page. */
export const LegalFooter = memo(function LegalFooter({ compact = false }: { compact?: boolean }) {
  return (
    <footer className={compact ? 'legal-footer compact' : 'legal-footer'} data-testid="legal-footer">
      <span>Sightline · {LEGAL_NOTICE_SHORT} </span>
      <a
        href={`/legal${window.location.search}`}
        onClick={(event) => {
          // An overlay is its own entry without the companion's pages: there the link loads the page for real.
          if (isOverlayPath(window.location.pathname)) return;
          event.preventDefault();
          navigate('/legal');
        }}
      >
        Legal notice
      </a>
    </footer>
  );
});
