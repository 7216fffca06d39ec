import { loadScenarioFile } from '../../electron/simulator/index';
import type { CardRectangle, CardStep } from '../../electron/simulator/cardScenario';
import { scenarioPath } from './fixtures';

type GameStep = Extract<CardStep, { kind: 'game' }>;

/**
 * A recorded card scenario (`name`) with the steps `after` makes from its game step at `at` s played right after
 * that step, under the name `renamed`: a recorded frame shown again with a card more, or a card less.
 */
export async function cardScenarioAfter(
  name: string,
  at: number,
  after: (step: GameStep) => CardStep[],
  renamed: string,
) {
  const scenario = await loadScenarioFile(scenarioPath(name));
  const card = scenario.card;
  if (!card) throw new Error(`${name}.json has no card game`);
  const step = card.timeline.find((each) => each.at === at);
  if (!step || step.kind !== 'game') throw new Error(`${name}.json has no game step at ${at} s`);
  const added = after(step);
  const timeline = card.timeline.flatMap((each) => (each === step ? [each, ...added] : [each]));
  return { ...scenario, name: renamed, card: { ...card, timeline } };
}

/** The card `cardId` in a game step's frame, to copy into steps made after it. */
export function rectangleOf(step: GameStep, cardId: number): CardRectangle {
  const found = step.Rectangles.find((rectangle) => rectangle.CardID === cardId);
  if (!found) throw new Error(`no card ${cardId} in the frame at ${step.at} s`);
  return found;
}
