import type { TournamentApiKind, TournamentCodeView } from '@shared/contract';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { CodeActions } from './CodeActions';
import { CopyButton } from './CopyButton';
import {
  CODE_STATUS_LABELS,
  expiryLabel,
  fallbackLabel,
  formatAge,
  heldCallbacksLabel,
  resultWatchLabel,
  settingsSummary,
} from './tournamentFormat';

interface CodeRowProps {
  code: TournamentCodeView;
  /** The API of the code's tournament: which list shows its game's end. */
  api: TournamentApiKind;
  now: number;
  watching: boolean;
  selected: boolean;
  onSelect(code: string): void;
}

export function CodeRow({ code, api, now, watching, selected, onSelect }: CodeRowProps) {
  const locale = useDisplayLocale();
  return (
    <li
      className={`code-row${selected ? ' selected' : ''}${code.eligibleForExpiry ? ' expired' : ''}`}
      data-testid="code-row"
      data-code={code.code}
      data-status={code.status}
    >
      <div className="code-line">
        <code className="code-value" data-testid="code-value">
          {code.code}
        </code>
        <CopyButton value={code.code} />
        <span className={`tag status-${code.status}`} data-testid="code-status">
          {CODE_STATUS_LABELS[code.status]}
        </span>
      </div>
      <p className="code-meta muted">
        <span data-testid="code-age">created {formatAge(code.createdAt, now)}</span> ·{' '}
        <span data-testid="code-expiry">{expiryLabel(code, now, { locale })}</span>
      </p>
      <p className="code-meta muted">
        {settingsSummary(code.settings)}
        {code.metadata ? ` · “${code.metadata}”` : ''}
      </p>
      {code.resultWatch !== null ? (
        <p className="code-meta muted" data-testid="code-result-watch">
          {resultWatchLabel(code.resultWatch, now, api, locale)}
        </p>
      ) : null}
      {code.heldCallbacks.length > 0 ? (
        <p className="code-meta web-api-warning" data-testid="code-held-callbacks">
          {heldCallbacksLabel(code.heldCallbacks)}
        </p>
      ) : null}
      {code.fallbackAt !== null ? (
        <p className="code-meta web-api-warning" data-testid="code-fallback">
          {fallbackLabel(code.fallbackAt, now)}
        </p>
      ) : null}
      <CodeActions code={code} watching={watching} selected={selected} onSelect={onSelect} />
    </li>
  );
}
