import type { OverlayAnchor, OverlayWidgetLayout } from '@shared/contract';
import type { PlacementBox } from '@shared/contract/overlayPlacement';
import { describe, expect, it } from 'vitest';
import {
  feedClearance,
  formatKda,
  hueOf,
  initialsOf,
  nameTileFontSize,
  placementOf,
  resourceLabel,
  sameBarSquare,
  type BarSquare,
} from './scoreboardFormat';

describe('scoreboard formatting', () => {
  it('writes K/D/A as the game does', () => {
    expect(formatKda({ kills: 7, deaths: 2, assists: 11 })).toBe('7 / 2 / 11');
  });

  it('makes short stand-ins for missing images', () => {
    expect(initialsOf("Doran's Ring")).toBe('DR');
    expect(initialsOf('Ahri')).toBe('Ah');
    expect(initialsOf('')).toBe('?');
    expect(hueOf('Ahri')).toBe(hueOf('Ahri'));
    expect(hueOf('Ahri')).not.toBe(hueOf('Jinx'));
  });

  it('writes a champion’s name in a small square as large as its longest word allows', () => {
    expect(nameTileFontSize('Vi')).toBe(9);
    expect(nameTileFontSize('Lee Sin')).toBe(9);
    expect(nameTileFontSize('Thresh')).toBe(8);
    expect(nameTileFontSize('Caitlyn')).toBe(7);
    expect(nameTileFontSize('Nunu & Willump')).toBe(7);
    // Never unreadably small: a word this long breaks instead.
    expect(nameTileFontSize('Fiddlesticks')).toBe(6);
  });

  it('names the resource bar, or none', () => {
    expect(resourceLabel('MANA')).toBe('Mana');
    expect(resourceLabel('NONE')).toBeNull();
  });

  it('places widgets by anchor and scales them from that corner', () => {
    expect(placementOf('top-right')).toEqual({
      justifyContent: 'flex-end',
      alignItems: 'flex-start',
      transformOrigin: 'top right',
    });
    expect(placementOf('bottom-center')).toMatchObject({ justifyContent: 'center', alignItems: 'flex-end' });
  });

  it('moves the feed clear of a visible scoreboard bar on the same edge, by the bar’s scaled height', () => {
    const widget = (anchor: OverlayAnchor, scale = 1, visible = true, box: PlacementBox | null = null) => ({
      anchor,
      scale,
      visible,
      box,
    });
    const layout = (scoreboard: OverlayWidgetLayout, feed: OverlayWidgetLayout) => ({ scoreboard, feed });
    expect(feedClearance(layout(widget('top-center'), widget('top-right')))).toBe(180);
    expect(feedClearance(layout(widget('top-center', 1.5), widget('top-left')))).toBe(270);
    expect(feedClearance(layout(widget('bottom-left', 0.5), widget('bottom-left')))).toBe(90);
    expect(feedClearance(layout(widget('top-center'), widget('bottom-right')))).toBe(0);
    expect(feedClearance(layout(widget('top-center', 1, false), widget('top-right')))).toBe(0);
  });

  it('moves nothing once the bar or the feed is placed in a box of its own', () => {
    const placed = { x: 0.1, y: 0.8, width: 0.5, height: 0.1 };
    const widget = (anchor: OverlayAnchor, box: PlacementBox | null) => ({
      anchor,
      scale: 1,
      visible: true,
      box,
    });
    expect(feedClearance({ scoreboard: widget('top-center', placed), feed: widget('top-right', null) })).toBe(
      0,
    );
    expect(feedClearance({ scoreboard: widget('top-center', null), feed: widget('top-right', placed) })).toBe(
      0,
    );
  });
});

describe('sameBarSquare', () => {
  const square: BarSquare = {
    player: {
      id: 'a#1',
      name: 'a',
      isLocal: false,
      championKey: 'Ahri',
      championName: 'Ahri',
      level: 6,
      kills: 1,
      deaths: 0,
      assists: 2,
      isDead: false,
      respawnTimer: 0,
      items: [{ id: 1056, name: 'Doran’s Ring', count: 1 }, null, null, null, null, null, null],
    },
    game: { phase: 'in-game', clock: { gameTime: 100, sampledAt: 1_000 } },
  };
  const polled = { phase: 'in-game' as const, clock: { gameTime: 101, sampledAt: 2_000 } };

  it('keeps a living player’s square through a poll that changed only what the bar does not show', () => {
    // A poll builds new arrays: the same items in the same slots are the same square.
    const farmed = {
      ...square.player,
      creepScore: 40,
      items: square.player.items.map((item) => item && { ...item }),
    };
    expect(sameBarSquare(square, { player: farmed, game: polled })).toBe(true);
  });

  it('draws it again when an item is bought, sold, moved or stacks up', () => {
    const [ring] = square.player.items;
    const withItems = (...items: typeof square.player.items) => ({
      ...square,
      player: { ...square.player, items },
    });
    const empty = [null, null, null, null, null] as const;
    expect(
      sameBarSquare(square, withItems(ring ?? null, { id: 2003, name: 'Health Potion', count: 1 }, ...empty)),
    ).toBe(false);
    expect(sameBarSquare(square, withItems(null, ring ?? null, ...empty))).toBe(false);
    expect(sameBarSquare(square, withItems(ring ? { ...ring, count: 2 } : null, null, ...empty))).toBe(false);
    expect(sameBarSquare(square, withItems(null, null, ...empty))).toBe(false);
  });

  it('draws it again when anything it shows changes: K / D / A, level, death, the phase', () => {
    expect(sameBarSquare(square, { ...square, player: { ...square.player, kills: 2 } })).toBe(false);
    expect(sameBarSquare(square, { ...square, player: { ...square.player, level: 7 } })).toBe(false);
    expect(sameBarSquare(square, { ...square, game: { ...square.game, phase: 'ended' } })).toBe(false);
    const dead = { ...square.player, isDead: true, respawnTimer: 10 };
    expect(sameBarSquare(square, { ...square, player: dead })).toBe(false);
    // A dead player's countdown runs from the clock: a new sample draws it again.
    expect(sameBarSquare({ ...square, player: dead }, { player: dead, game: polled })).toBe(false);
  });
});
