import { useState } from 'react';
import { copyText } from './copyText';

/** Copies a value (a tournament code) and says whether it worked; when it did not, the value stays selectable. */
export function CopyButton({ value, label = 'Copy' }: { value: string; label?: string }) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    setOutcome((await copyText(value)) ? 'copied' : 'failed');
    window.setTimeout(() => setOutcome('idle'), 2000);
  };
  return (
    <button
      type="button"
      className="copy-button"
      onClick={() => void copy()}
      aria-label={`${label} ${value}`}
      data-testid="copy-code"
      data-outcome={outcome}
    >
      {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Select and copy' : label}
    </button>
  );
}
