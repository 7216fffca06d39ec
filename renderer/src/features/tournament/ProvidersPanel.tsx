import type { TournamentState } from '@shared/contract';
import { ProviderForm } from './ProviderForm';
import { ProviderList } from './ProviderList';

export function ProvidersPanel({ desk }: { desk: TournamentState }) {
  return (
    <section className="panel" aria-labelledby="providers-title" data-testid="providers-panel">
      <h2 id="providers-title">Providers</h2>
      <p className="muted desk-hint">
        A provider is a region and the URL the game&apos;s servers POST results to, tied to the API key that
        registered it. Changing the URL means registering a new provider: tournaments already created keep
        sending their results to the old URL.
      </p>
      <ProviderList providers={desk.providers} />
      <ProviderForm api={desk.api} />
    </section>
  );
}
