import { useState, type ReactNode } from 'react';
import { readStoredChoice, writeStoredChoice } from './storedChoice';
import './advancedSection.css';

/**
 * What only an organizer or someone who knows the protocols needs (sign-on client, how the key is sent, the
 * store's agent profile), kept out of everyone else's way: closed until opened, and remembered open or closed
 * on this machine. Nothing in it is hidden for good: the title says who it is for.
 */
export function AdvancedSection({
  id,
  title,
  summary,
  children,
}: {
  /** Names the remembered open/closed choice and the test id (`advanced-<id>`). */
  id: string;
  /** Who or what it is for: "Organizer: sign-in set-up", "Advanced: web API". */
  title: string;
  /** One line in the user's words, shown beside the title while closed. */
  summary?: string;
  children: ReactNode;
}) {
  const key = `sightline.section.${id}`;
  const [open, setOpen] = useState(() => readStoredChoice(key) === 'open');
  return (
    <details
      className="advanced-section"
      open={open}
      onToggle={(event) => {
        const next = event.currentTarget.open;
        if (next === open) return;
        setOpen(next);
        writeStoredChoice(key, next ? 'open' : 'closed');
      }}
      data-testid={`advanced-${id}`}
    >
      <summary>
        <span className="advanced-section-title">{title}</span>
        {summary ? <span className="muted"> {summary}</span> : null}
      </summary>
      <div className="advanced-section-body">{children}</div>
    </details>
  );
}
