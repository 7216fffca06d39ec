import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { OverlayViews } from '../../navigation/overlayViews';
import { createQueryClient } from '../../state/queryClient';
import { ArenaOverlay, EventFeedOverlay, ScoreboardBarOverlay } from './ScoreboardOverlays';
import { withStaticDataIcons } from './staticDataIcons';

// Of the overlays only these ask lookups (the arena catalog's images), so the request cache comes with their
// page's script, not with the other overlays'.
const queryClient = createQueryClient();

function arenaOverlay(View: ComponentType): ComponentType {
  const WithIcons = withStaticDataIcons(View);
  function ArenaOverlayView() {
    return (
      <QueryClientProvider client={queryClient}>
        <WithIcons />
      </QueryClientProvider>
    );
  }
  ArenaOverlayView.displayName = `ArenaOverlayView(${WithIcons.displayName ?? WithIcons.name})`;
  return ArenaOverlayView;
}

export const liveOverlayViews = {
  scoreboard: arenaOverlay(ScoreboardBarOverlay),
  feed: arenaOverlay(EventFeedOverlay),
  arena: arenaOverlay(ArenaOverlay),
} satisfies OverlayViews;
