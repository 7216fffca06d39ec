import { useState, type FormEvent, type ReactNode } from 'react';
import { useContractSteps } from '../../state/contractQueries';

export interface SecretFormProps {
  /** A secret is kept already: offer to change or remove it, and show the form only once asked to change. */
  stored: boolean;
  /** Whether the fields hold what a save needs. */
  ready: boolean;
  save(): Promise<unknown>;
  clear(): Promise<unknown>;
  /** Runs after a save, to empty the secret field: the page keeps no copy of a saved secret. */
  onSaved(): void;
  labels: { save: string; change: string; clear: string };
  /** The buttons and the error get `${testIdPrefix}-save`, `-change`, `-clear` and `-error`. */
  testIdPrefix: string;
  className: string;
  errorClassName: string;
  /** Styles the save button as the page's main action. */
  primary?: boolean;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * Entry of a secret (a key, a client secret) that goes to the core once and is never shown back: the
 * form while none is kept, and then only "change" and "remove".
 */
export function SecretForm({
  stored,
  ready,
  save,
  clear,
  onSaved,
  labels,
  testIdPrefix,
  className,
  errorClassName,
  primary = false,
  children,
}: SecretFormProps) {
  const [editing, setEditing] = useState(false);
  const saving = useContractSteps({
    steps: () => save(),
    onSuccess: () => {
      onSaved();
      setEditing(false);
    },
  });
  const clearing = useContractSteps({ steps: () => clear() });

  if (stored && !editing) {
    return (
      <div className="form-actions">
        <button type="button" onClick={() => setEditing(true)} data-testid={`${testIdPrefix}-change`}>
          {labels.change}
        </button>
        <button
          type="button"
          onClick={() => clearing.mutate()}
          disabled={clearing.isPending}
          data-testid={`${testIdPrefix}-clear`}
        >
          {labels.clear}
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate();
  };
  return (
    <form className={className} onSubmit={submit} autoComplete="off">
      {children}
      <div className="form-actions">
        <button
          type="submit"
          className={primary ? 'primary' : undefined}
          disabled={saving.isPending || !ready}
          data-testid={`${testIdPrefix}-save`}
        >
          {labels.save}
        </button>
        {editing ? (
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        ) : null}
      </div>
      {saving.isError ? (
        <p className={errorClassName} role="alert" data-testid={`${testIdPrefix}-error`}>
          {saving.error.message}
        </p>
      ) : null}
    </form>
  );
}
