import { useState } from 'react';
import {
  OVERLAY_ANCHORS,
  type LiveOverlayLayout,
  type OverlayAnchor,
  type OverlayWidgetLayout,
  type SettingsPatch,
} from '@shared/contract';
import { navigate } from '../../navigation/route';
import { useSaveSettings } from '../../state/settingsQueries';
import { ANCHOR_LABELS } from './scoreboardFormat';

const SCALES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2];

type Widget = 'scoreboard' | 'feed';
const WIDGETS: Array<{ widget: Widget; label: string }> = [
  { widget: 'scoreboard', label: 'Scoreboard bar' },
  { widget: 'feed', label: 'Event feed' },
];

function patchFor(widget: Widget, part: Partial<OverlayWidgetLayout>): SettingsPatch {
  const overlays: NonNullable<SettingsPatch['overlays']> = {};
  if (part.visible !== undefined) overlays[`${widget}Visible`] = part.visible;
  if (part.anchor !== undefined) overlays[`${widget}Anchor`] = part.anchor;
  if (part.scale !== undefined) overlays[`${widget}Scale`] = part.scale;
  // A position or size picked here puts the widget back at an anchor, out of its box on the OBS page.
  if (part.anchor !== undefined || part.scale !== undefined) overlays[`${widget}Box`] = null;
  return { overlays };
}

/** Which overlay widgets show, where and how large; saved in the settings, applied live to OBS sources. */
export function LayoutPanel({ layout: pushed }: { layout: LiveOverlayLayout }) {
  // The control shows the choice at once; the pushed layout takes over when the last save is done.
  const [draft, setDraft] = useState<LiveOverlayLayout | null>(null);
  const layout = draft ?? pushed;
  const save = useSaveSettings((patch: SettingsPatch) => patch);
  const change = (widget: Widget, part: Partial<LiveOverlayLayout[Widget]>) => {
    const placed = part.anchor !== undefined || part.scale !== undefined ? { box: null } : {};
    setDraft({ ...layout, [widget]: { ...layout[widget], ...part, ...placed } });
    save.mutate(patchFor(widget, part), { onSettled: () => setDraft(null) });
  };
  return (
    <section className="panel layout-panel" aria-labelledby="layout-title" data-testid="overlay-layout">
      <h2 id="layout-title">Overlay layout</h2>
      <p className="muted">
        For the overlay windows and the OBS sources (1920×1080).{' '}
        <a
          href={`/overlays${window.location.search}`}
          onClick={(event) => {
            event.preventDefault();
            navigate('/overlays');
          }}
        >
          OBS source URLs
        </a>
      </p>
      <div className="layout-grid">
        {WIDGETS.map(({ widget, label }) => {
          const current = layout[widget];
          const scales = SCALES.includes(current.scale)
            ? SCALES
            : [...SCALES, current.scale].sort((a, b) => a - b);
          return (
            <fieldset key={widget} data-testid={`layout-${widget}`}>
              <legend>{label}</legend>
              <label className="check">
                <input
                  type="checkbox"
                  checked={current.visible}
                  onChange={(event) => change(widget, { visible: event.target.checked })}
                />
                Show
              </label>
              {current.box ? (
                <p className="muted" data-testid={`layout-${widget}-placed`}>
                  Placed on the OBS page’s layout view; a position or size here puts it back at an anchor.
                </p>
              ) : null}
              <label>
                Position
                <select
                  value={current.anchor}
                  onChange={(event) => change(widget, { anchor: event.target.value as OverlayAnchor })}
                >
                  {OVERLAY_ANCHORS.map((anchor) => (
                    <option key={anchor} value={anchor}>
                      {ANCHOR_LABELS[anchor]}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Size
                <select
                  value={String(current.scale)}
                  onChange={(event) => change(widget, { scale: Number(event.target.value) })}
                >
                  {scales.map((scale) => (
                    <option key={scale} value={String(scale)}>
                      {Math.round(scale * 100)}%
                    </option>
                  ))}
                </select>
              </label>
            </fieldset>
          );
        })}
      </div>
      {save.isError ? <p className="error">{save.error.message}</p> : null}
    </section>
  );
}
