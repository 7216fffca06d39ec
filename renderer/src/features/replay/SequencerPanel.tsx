import { keyframeCount, validateSequence } from '@shared/replay/sequenceEditor';
import { RequestError } from '../../ui/RequestError';
import { KeyframeEditor } from './KeyframeEditor';
import { replaceDraft, useReplayDesk } from './replayDeskStore';
import { TRACK_LABELS } from './replayLabels';
import { SequenceTimeline } from './SequenceTimeline';
import { sameSequence } from './sequenceSync';
import { useContractMutation } from '../../state/contractQueries';
import { useReplayConnected, useReplayState } from './useReplay';

/** The keyframe sequencer: the timeline, the selected track's keyframes, and sending it to the replay. */
export function SequencerPanel() {
  const sequence = useReplayDesk((state) => state.sequence);
  const name = useReplayDesk((state) => state.sequenceName);
  const replay = useReplayState();
  const connected = useReplayConnected();
  const apply = useContractMutation('replay.sequence.apply');
  const clear = useContractMutation('replay.sequence.clear');

  const count = keyframeCount(sequence);
  const length = replay?.playback?.length ?? Number.POSITIVE_INFINITY;
  const problems = validateSequence(sequence, length);
  const applied = replay?.sequence ?? null;
  const appliedCount = applied ? keyframeCount(applied) : 0;
  const inReplay = applied !== null && appliedCount > 0 && sameSequence(applied, sequence);

  return (
    <section className="panel sequencer" aria-labelledby="sequencer-title">
      <header className="panel-head">
        <h2 id="sequencer-title">Sequencer</h2>
        <span className="muted">
          {name ? `“${name}” · ` : ''}
          {count} keyframe{count === 1 ? '' : 's'}
        </span>
        <span
          className={inReplay ? 'chip ok' : appliedCount > 0 ? 'chip wait' : 'chip'}
          data-testid="sequence-sync"
          data-applied={appliedCount}
        >
          {inReplay
            ? 'Playing in the replay'
            : appliedCount > 0
              ? `The replay runs another sequence (${appliedCount} keyframes)`
              : 'No sequence in the replay'}
        </span>
        <div className="panel-actions">
          <button
            type="button"
            disabled={count === 0}
            onClick={() => replaceDraft({}, '')}
            title="Start an empty sequence (the replay keeps what it has)"
          >
            New
          </button>
          <button
            type="button"
            data-testid="sequence-clear"
            disabled={!connected || appliedCount === 0 || clear.isPending}
            onClick={() => clear.mutate({})}
            title="Remove the sequence from the replay; your draft stays here"
          >
            Clear in replay
          </button>
          <button
            type="button"
            className="primary"
            data-testid="sequence-apply"
            disabled={!connected || count === 0 || problems.length > 0 || apply.isPending}
            onClick={() => apply.mutate(sequence)}
          >
            Apply to replay
          </button>
        </div>
      </header>

      {count === 0 && applied && appliedCount > 0 ? (
        <p className="notice">
          The replay already runs a sequence of {appliedCount} keyframes.{' '}
          <button type="button" className="link" onClick={() => replaceDraft(applied, '')}>
            Edit it here
          </button>
        </p>
      ) : null}

      <SequenceTimeline />
      <KeyframeEditor />

      {problems.length > 0 ? (
        <ul className="problems" data-testid="sequence-problems" aria-label="Problems to fix before applying">
          {problems.map((problem) => (
            <li key={`${problem.track}-${problem.index}`}>
              <strong>
                {TRACK_LABELS[problem.track]} #{problem.index + 1}:
              </strong>{' '}
              {problem.message}
            </li>
          ))}
        </ul>
      ) : null}
      <RequestError error={apply.error ?? clear.error} testId="sequence-error" />
    </section>
  );
}
