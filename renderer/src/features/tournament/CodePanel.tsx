import type { TournamentApiKind, TournamentCodeView } from '@shared/contract';
import { CodeDetails } from './CodeDetails';
import { CodeSettingsForm } from './CodeSettingsForm';
import { CopyButton } from './CopyButton';

/** One code: what the API says about it and its editable settings. */
export function CodePanel({ code, api }: { code: TournamentCodeView; api: TournamentApiKind }) {
  return (
    <section
      className="panel"
      aria-labelledby="code-panel-title"
      data-testid="code-panel"
      data-code={code.code}
    >
      <div className="code-panel-head">
        <h2 id="code-panel-title">
          Code{' '}
          <code className="code-value" data-testid="code-panel-code">
            {code.code}
          </code>
        </h2>
        <CopyButton value={code.code} />
      </div>
      <CodeDetails code={code.code} />
      <h3 className="section-title">Settings</h3>
      <CodeSettingsForm key={code.code} code={code} api={api} />
    </section>
  );
}
