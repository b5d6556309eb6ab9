import {
  npsOf,
  SIMULATION_MIN_COMMENTS,
  SimulationStatus,
  type Simulation,
  type SimulationTopic,
  type simulationRequestSchema,
} from '@loupe/contracts';
import type { z } from 'zod';
import type { Actor } from '../../core/actor.js';
import type { ModuleDeps } from '../../core/deps.js';
import {
  assertAiModule,
  impactOptions,
  loadWidgetQuery,
  rankedImpacts,
  topicMentions,
  whereOf,
  type NpsTally,
} from '../widget-data/index.js';

/*
 * The driver simulation (docs/profiler-simulation.md). For a topic model and a date range: each topic's impact on
 * NPS — the text-analytics impact chart's own figures (`topicMentions`, `rankedImpacts`: Impact = overall(M),
 * PositiveImpact, NegativeImpact, ... with its default minimum of 10 mentioning sessions) — and a what-if: if the
 * negative mentions of topic X fell by r, a share r of M- (the sessions with a negative mention of X) would
 * answer like the non-mentioners N = S \ M of X:
 *
 *   P' = P - r P(M-) + r |M-| P(N) / |N|       D' = D - r D(M-) + r |M-| D(N) / |N|
 *   NPS' = 100 (P' - D') / |S|                 (= NPS + r |M-| / |S| x (NPS(N) - NPS(M-)))
 *   SE = 100 sqrt((p' + d' - (p' - d')^2) / |S|)  with p' = P' / |S|, d' = D' / |S|
 *   95 % interval = NPS' ± 1.96 SE, held within -100..100.
 */

type Body = z.output<typeof simulationRequestSchema>;

/** The normal quantile of a two-sided 95 % interval. */
const Z_95 = 1.959964;

const empty = (status: number, extra: Partial<Simulation> = {}): Simulation => ({
  StatusCode: status,
  Nps: null,
  Responses: 0,
  Comments: 0,
  Topics: [],
  WhatIf: null,
  ...extra,
});

const npsOfTally = (tally: NpsTally) => npsOf(tally.promoters, tally.detractors, tally.responses);

/** The what-if's projection (the formulas above); null figures when X is mentioned by every session of S. */
function project(total: NpsTally, mentioned: NpsTally, negative: NpsTally, reduction: number) {
  const rest = {
    responses: total.responses - mentioned.responses,
    promoters: total.promoters - mentioned.promoters,
    detractors: total.detractors - mentioned.detractors,
  };
  const r = reduction / 100;
  const moved = r * negative.responses;
  const current = npsOfTally(total);
  if (rest.responses === 0) {
    return { Moved: moved, CurrentNps: current, ProjectedNps: null, Change: null };
  }
  const promoters = total.promoters - r * negative.promoters + (moved * rest.promoters) / rest.responses;
  const detractors = total.detractors - r * negative.detractors + (moved * rest.detractors) / rest.responses;
  const p = promoters / total.responses;
  const d = detractors / total.responses;
  const projected = 100 * (p - d);
  const error = 100 * Math.sqrt(Math.max(0, p + d - (p - d) ** 2) / total.responses);
  return {
    Moved: moved,
    CurrentNps: current,
    ProjectedNps: projected,
    Change: current === null ? null : projected - current,
    StandardError: error,
    Low: Math.max(-100, projected - Z_95 * error),
    High: Math.min(100, projected + Z_95 * error),
  };
}

export function createDriverSimulation({ db, replica }: ModuleDeps) {
  return {
    async run(actor: Actor, body: Body): Promise<Simulation> {
      await assertAiModule(db, actor, {});
      const { TopicModelId, TopicId, Reduction, ...filter } = body;
      if (!TopicModelId || !filter.TimeRange) return empty(SimulationStatus.SelectModelAndRange);
      const query = await loadWidgetQuery(db, actor, {
        ...filter,
        DataFilters: { TopicModelId },
      });
      const comments = whereOf(query, 'comments', { alias: 'c' })!;
      const [found, [counted]] = await Promise.all([
        topicMentions(db, replica, query),
        replica.query(`SELECT count(*) AS n FROM comments c WHERE ${comments.where}`, comments.params),
      ]);
      // An unknown model (another tenant's, or an emotion model) is not a topic model to simulate.
      if (!found) return empty(SimulationStatus.SelectModelAndRange);
      const figures = {
        Nps: npsOfTally(found.total),
        Responses: found.total.responses,
        Comments: Number(counted?.n ?? 0),
      };
      if (figures.Responses === 0 || figures.Comments === 0) return empty(SimulationStatus.NoData, figures);
      if (figures.Comments < SIMULATION_MIN_COMMENTS) return empty(SimulationStatus.NotEnoughData, figures);
      const ranked = rankedImpacts(found.total, found.mentions, impactOptions({}));
      if (typeof ranked === 'number') {
        return empty(
          ranked === SimulationStatus.NoData ? SimulationStatus.NoData : SimulationStatus.NotEnoughData,
          figures,
        );
      }
      const topics: SimulationTopic[] = ranked.map(({ row, mention }) => ({
        ...row,
        TopicId: mention.topicId,
        NegativeMentions: mention.negative.responses,
      }));
      // The chosen topic, else the one whose negative mentions cost the most (the first ranked without any).
      const worst = [...ranked].sort((a, b) => (a.row.NegativeImpact ?? 0) - (b.row.NegativeImpact ?? 0))[0]!;
      const chosen = ranked.find(({ mention }) => mention.topicId === TopicId) ?? worst;
      const projection = project(found.total, chosen.mention.all, chosen.mention.negative, Reduction);
      return {
        StatusCode: SimulationStatus.Ok,
        ...figures,
        Topics: topics,
        WhatIf: {
          TopicId: chosen.mention.topicId,
          Topic: chosen.mention.category,
          Reduction,
          StandardError: null,
          Low: null,
          High: null,
          ...projection,
        },
      };
    },
  };
}
