import {
  describeOtherAsker,
  describeSchemaCheck,
  describeSourceStatus,
  SOURCE_IDS,
  SOURCE_LABELS,
  sourceStateLabel,
} from '@shared/contract/sources';
import { useOverlayState } from '../../state/AppContext';
import { formatClockTime } from '../../ui/locale/dateFormat';

/** `locale`: what times are written in (displayLocale); the compact list, on stream, shows none. */
export function SourceStatusList({ compact = false, locale }: { compact?: boolean; locale: string }) {
  const sources = useOverlayState((state) => state.sources);
  if (!sources) return <p className="muted">Connecting to Sightline…</p>;
  return (
    <ul className={compact ? 'sources compact' : 'sources'} aria-label="Connections">
      {SOURCE_IDS.map((id) => {
        const status = sources[id];
        return (
          <li key={id} data-testid={`source-${id}`} data-state={status.state}>
            <span className={`dot ${status.state}`} aria-hidden="true" />
            <span className="source-label">{SOURCE_LABELS[id]}</span>
            <span className="source-status" data-testid={`source-${id}-status`}>
              {/* The compact list is the status overlay's, on stream: the reasons stay on the Status page. */}
              {compact ? sourceStateLabel(status) : describeSourceStatus(status)}
            </span>
            {status.schema && !compact ? (
              <span
                className={`source-schema ${status.schema.kind}`}
                data-testid={`source-${id}-schema`}
                data-kind={status.schema.kind}
              >
                {describeSchemaCheck(status.schema)}
              </span>
            ) : null}
            {status.findings && !compact ? (
              <div className="source-findings" data-testid={`source-${id}-findings`}>
                {status.findings.map((finding) => (
                  <p key={finding}>{finding}</p>
                ))}
              </div>
            ) : null}
            {status.alsoAskedBy && !compact ? (
              <div className="source-askers" data-testid={`source-${id}-askers`}>
                {status.alsoAskedBy.map((asker) => (
                  <p key={asker.pid}>
                    {describeOtherAsker(asker, (epochMs) => formatClockTime(epochMs, locale))}
                  </p>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
