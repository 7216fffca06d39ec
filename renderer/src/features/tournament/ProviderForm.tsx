import { useState, type FormEvent } from 'react';
import {
  CALLBACK_PATH,
  TOURNAMENT_REGIONS,
  TOURNAMENT_REGIONS_V4,
  type TournamentApiKind,
  type TournamentRegion,
} from '@shared/contract';
import { OptionSelect } from '../../ui/forms/OptionSelect';
import { RequestError } from '../../ui/RequestError';
import { TextField } from '../../ui/forms/LabelledFields';
import { API_KIND_LABELS, isV5 } from './tournamentFormat';
import { UrlCheckResult } from './UrlCheckResult';
import { useUrlCheck } from './useUrlCheck';
import { useContractMutation } from '../../state/contractQueries';

/** Registers a provider: a region and the callback URL, checked against the spec's rules as it is typed. */
export function ProviderForm({ api: kind }: { api: TournamentApiKind }) {
  const regions: readonly TournamentRegion[] = isV5(kind) ? TOURNAMENT_REGIONS : TOURNAMENT_REGIONS_V4;
  const [region, setRegion] = useState<TournamentRegion>('NA');
  const [url, setUrl] = useState('');
  const check = useUrlCheck(url);
  const create = useContractMutation('tournament.provider.create', {
    input: () => ({ region, callbackUrl: url.trim() }),
    onSuccess: () => setUrl(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.settled && check.verdict?.valid) create.mutate();
  };

  return (
    <form className="desk-form" onSubmit={submit} data-testid="provider-form">
      <OptionSelect<TournamentRegion>
        label="Region"
        value={region}
        options={regions}
        onChange={setRegion}
        testId="provider-region"
      />
      <TextField
        label="Callback URL"
        value={url}
        onChange={setUrl}
        size="grow"
        placeholder={`http://results.example.com${CALLBACK_PATH}`}
        spellCheck={false}
        inputMode="url"
        testId="provider-url"
      />
      <div className="form-actions">
        <span className="muted" data-testid="provider-api-note">
          Sent to {API_KIND_LABELS[kind]}.
        </span>
        <button
          type="submit"
          className="primary"
          disabled={!check.settled || !check.verdict?.valid || create.isPending}
          data-testid="provider-create"
        >
          Register provider
        </button>
      </div>
      <div className="form-wide">
        <UrlCheckResult verdict={check.verdict} settled={check.settled} />
        <p className="muted desk-hint">
          Port 80 (http) or 443 (https) only, on a domain from the spec&apos;s lists (newer top-level domains
          are refused). The URL is read as the servers that call it read it (RFC 3986): backslashes, spaces,
          other characters outside RFC 3986 and anything a browser would read differently are refused. Plain
          http is recommended: Sightline signs every code&apos;s metaData and trusts a callback only when its
          signature checks out. The URL should reach Sightline&apos;s receiver at <code>{CALLBACK_PATH}</code>{' '}
          on a public server.
        </p>
        <RequestError error={check.error ?? create.error} testId="provider-error" />
      </div>
    </form>
  );
}
