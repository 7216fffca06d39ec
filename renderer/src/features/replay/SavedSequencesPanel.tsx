import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sequenceNameSchema } from '@shared/contract';
import { keyframeCount } from '@shared/replay/sequenceEditor';
import { contractQueryKey, useContractQuery, useContractMutation } from '../../state/contractQueries';
import { RequestError } from '../../ui/RequestError';
import { replaceDraft, setSequenceName, useReplayDesk } from './replayDeskStore';
import { formatTimecode } from './timecode';

/** Named sequences kept as JSON files in the data folder: save the draft, load one back, delete. */
export function SavedSequencesPanel() {
  const queryClient = useQueryClient();
  const sequence = useReplayDesk((state) => state.sequence);
  const name = useReplayDesk((state) => state.sequenceName);
  const [confirming, setConfirming] = useState<string | null>(null);

  const list = useContractQuery('replay.sequences.list', {});
  const listKey = contractQueryKey('replay.sequences.list', {});
  const save = useContractMutation('replay.sequences.save', {
    input: (input: { name: string }) => ({ name: input.name, sequence }),
    onSuccess: (saved) => {
      setSequenceName(saved.name);
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  const load = useContractMutation('replay.sequences.load', {
    input: (loadName: string) => ({ name: loadName }),
    onSuccess: (loaded) => replaceDraft(loaded.sequence, loaded.name),
  });
  const remove = useContractMutation('replay.sequences.delete', {
    input: (removeName: string) => ({ name: removeName }),
    onSuccess: (remaining) => queryClient.setQueryData(listKey, remaining),
  });

  const checkedName = sequenceNameSchema.safeParse(name);
  const exists = list.data?.some((saved) => saved.name === name.trim()) ?? false;
  const empty = keyframeCount(sequence) === 0;

  return (
    <section className="panel" aria-labelledby="saved-title">
      <h2 id="saved-title">Saved sequences</h2>
      <form
        className="save-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (checkedName.success && !empty) save.mutate({ name: checkedName.data });
        }}
      >
        <input
          aria-label="Sequence name"
          placeholder="Name, e.g. Baron steal"
          data-testid="sequence-name"
          value={name}
          maxLength={80}
          onChange={(event) => setSequenceName(event.currentTarget.value)}
        />
        <button
          type="submit"
          className="primary"
          data-testid="sequence-save"
          disabled={!checkedName.success || empty || save.isPending}
          title={empty ? 'Add keyframes first' : undefined}
        >
          {exists ? 'Replace' : 'Save'}
        </button>
      </form>
      {name.trim() !== '' && !checkedName.success ? (
        <p className="field-error">{checkedName.error.issues[0]?.message}</p>
      ) : null}
      <RequestError error={save.error ?? load.error ?? remove.error} testId="saved-sequences-error" />

      {list.isPending ? <p className="muted">Loading…</p> : null}
      <RequestError error={list.error} />
      {list.data && list.data.length === 0 ? (
        <p className="empty-state">No saved sequences yet. Name the current one and save it.</p>
      ) : null}
      <ul className="saved-list" data-testid="saved-sequences">
        {list.data?.map((saved) => (
          <li key={saved.name} data-testid={`saved-sequence-${saved.name}`}>
            <div className="saved-name">
              <strong>{saved.name}</strong>
              <span className="muted">
                {saved.keyframes} keyframe{saved.keyframes === 1 ? '' : 's'}
                {saved.range
                  ? ` · ${formatTimecode(saved.range.start)}–${formatTimecode(saved.range.end)}`
                  : ''}
              </span>
            </div>
            <button
              type="button"
              data-testid={`saved-sequence-${saved.name}-load`}
              disabled={load.isPending}
              onClick={() => load.mutate(saved.name)}
            >
              Load
            </button>
            {confirming === saved.name ? (
              <button
                type="button"
                className="danger"
                onClick={() => {
                  setConfirming(null);
                  remove.mutate(saved.name);
                }}
                onBlur={() => setConfirming(null)}
              >
                Really delete?
              </button>
            ) : (
              <button type="button" className="danger quiet" onClick={() => setConfirming(saved.name)}>
                Delete
              </button>
            )}
          </li>
        ))}
      </ul>
      {load.data && load.data.warnings.length > 0 ? (
        <ul className="warnings" aria-label={`While loading ${load.data.name}`}>
          {load.data.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
