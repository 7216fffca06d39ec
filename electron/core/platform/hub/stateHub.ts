import { diffAndShare, type StateMessage } from '@shared/contract';

export type StateListener<S> = (message: StateMessage<S>) => void;

/**
 * Holds the current app state and publishes numbered patches. Every subscriber gets a full
 * snapshot first, so a view that joins late (an OBS source reloading) starts complete.
 */
export class StateHub<S extends object> {
  private current: S;
  private seq = 0;
  private readonly listeners = new Set<StateListener<S>>();

  constructor(initial: S) {
    this.current = initial;
  }

  get state(): S {
    return this.current;
  }

  get sequence(): number {
    return this.seq;
  }

  snapshot(): StateMessage<S> {
    return { kind: 'snapshot', seq: this.seq, state: this.current };
  }

  /** Replaces one top-level slice; publishes a patch only when something really changed. */
  set<K extends keyof S>(key: K, value: S[K]): void {
    this.replace({ ...this.current, [key]: value });
  }

  update(recipe: (state: S) => S): void {
    this.replace(recipe(this.current));
  }

  subscribe(listener: StateListener<S>): () => void {
    this.listeners.add(listener);
    listener(this.snapshot());
    return () => this.listeners.delete(listener);
  }

  /**
   * The one pass over the new state: its patch, and the state kept, which reuses every unchanged part of the
   * last one (producers may rebuild whole slices; their unchanged parts keep their identity here).
   */
  private replace(next: S): void {
    const { ops, state } = diffAndShare(this.current, next);
    if (ops.length === 0) return;
    this.current = state;
    this.seq += 1;
    const message: StateMessage<S> = { kind: 'patch', seq: this.seq, ops };
    for (const listener of this.listeners) listener(message);
  }
}

/** A stream of state messages: a snapshot on subscribing, then numbered patches; and a fresh snapshot on demand. */
export interface StateFeed<S> {
  subscribe(listener: StateListener<S>): () => void;
  snapshot(): StateMessage<S>;
}

/**
 * The hub's state as `project` cuts it, as a feed with its own numbering: it publishes a patch only when what
 * it shows changed, so its subscribers never receive a change to what they are not shown, nor see a gap where
 * one was withheld (and resync for ever), nor learn from the numbers how often the rest changes.
 */
export function projectedFeed<S extends object, P extends object>(
  hub: StateHub<S>,
  project: (state: S) => P,
): StateFeed<P> {
  const view = new StateHub<P>(project(hub.state));
  // For the hub's lifetime: one feed per audience, made with the hub (createAudienceFeeds).
  hub.subscribe(() => view.update(() => project(hub.state)));
  return view;
}
